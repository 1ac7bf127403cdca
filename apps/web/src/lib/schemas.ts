/**
 * The players' routes' schemas (packages/contract player-api.ts) that the api client parses every
 * reply with. A chunk of its own, loaded beside the first call: zod stays out of the first
 * screen's JavaScript.
 */
// First: zod is told not to compile with eval before the schemas below are built.
import './zod-config.ts';
export { errorBody } from '@egg-rush/contract/common';
export { playerApi } from '@egg-rush/contract/player-api';
