// The module's public surface: what other modules and the app may import (lint enforces it).
export { drawnWord } from './cipher.service.ts';
