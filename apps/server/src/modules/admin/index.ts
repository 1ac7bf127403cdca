// The module's public surface: what other modules and the app may import (lint enforces it).
export { finishedSnapshot, frozenSnapshotRows } from './admin.repository.ts';
export { createAdminLink } from './admin.service.ts';
