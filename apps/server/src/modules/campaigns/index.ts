// The module's public surface: what other modules and the app may import (lint enforces it).
export { noteCampaignOpen } from './campaigns.service.ts';
export {
  CAMPAIGN_SEND_JOB,
  createCampaignSender,
  registerCampaignJobs,
  type CampaignSender,
} from './campaigns.sender.ts';
