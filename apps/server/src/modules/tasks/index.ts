// The module's public surface: what other modules and the app may import (lint enforces it).
export { recordTaskProgress, tasksFollowWrites } from './tasks.progress.ts';
export {
  findCatalogue,
  findCatalogueTask,
  insertCatalogueTask,
  tapTaskProgressSql,
  taskRows,
  updateCatalogueTask,
} from './tasks.repository.ts';
export type { CatalogueRow } from './tasks.repository.ts';
