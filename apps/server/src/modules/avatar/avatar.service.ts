import type { Deps } from '../../lib/deps.ts';
import { namesAndPhoto } from '../users/index.ts';

export type Avatar = { redirect: string } | { svg: string };

/** Up to two initials, from the first and last name. */
export function initials(firstName: string, lastName: string | null): string {
  const letters = [firstName, lastName ?? '']
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase();
  return letters || '?';
}

const XML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => XML_ENTITIES[c] ?? c);

/** A round avatar: initials on a colour derived from the id (the same player, the same colour). */
export function avatarSvg(userId: number, text: string): string {
  const hue = (userId * 137.508) % 360;
  const from = `hsl(${hue.toFixed(0)} 70% 62%)`;
  const to = `hsl(${((hue + 40) % 360).toFixed(0)} 65% 42%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><circle cx="32" cy="32" r="32" fill="url(#g)"/><text x="32" y="41" text-anchor="middle" font-family="Nunito, system-ui, sans-serif" font-size="24" font-weight="800" fill="#fff">${escapeXml(text)}</text></svg>`;
}

export function createAvatarService(deps: Deps) {
  const { db } = deps.database;
  return {
    /** The Telegram photo when there is one (https only), otherwise a generated SVG. */
    async avatar(userId: number): Promise<Avatar> {
      const user = await namesAndPhoto(db, userId);
      if (user?.photoUrl && /^https:\/\//i.test(user.photoUrl)) return { redirect: user.photoUrl };
      return { svg: avatarSvg(userId, user ? initials(user.firstName, user.lastName) : '?') };
    },
  };
}
