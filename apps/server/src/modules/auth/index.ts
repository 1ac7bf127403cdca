// The module's public surface: what other modules and the app may import (lint enforces it).
export { createAuthService, followLogins } from './auth.service.ts';
