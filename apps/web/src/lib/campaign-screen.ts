import { parseCampaignStartParam } from '@egg-rush/game/campaigns';

/**
 * A launch from a campaign's button (start parameter `c<id>-<screen>`) opens the game at that
 * screen instead of Home, when the app starts at its root (a reload elsewhere stays there).
 */
export function openCampaignScreen(startParam: string | undefined): void {
  const screen = parseCampaignStartParam(startParam)?.screen;
  if (!screen || screen === 'home' || window.location.pathname !== '/') return;
  window.history.replaceState({ idx: 0 }, '', `/${screen}${window.location.search}${window.location.hash}`);
}
