// The module's public surface: what other modules and the app may import (lint enforces it).
export { auditRows, insertAudit, lastAuditAt } from './audit.repository.ts';
export type { AuditRow } from './audit.repository.ts';
