// The module's public surface: what other modules and the app may import (lint enforces it).
export { joinFromInvite, rekeySquadNames } from './squads.service.ts';
export { inSquadSql } from './squads.audience.ts';
