import { hasKey, t, type Key } from '../../lib/i18n.tsx';

/**
 * A mining item's name in the player's language: the catalogue's (`mining.items.<id>`) for the
 * game's own items, else the name the server sent.
 */
export function itemName(item: { id: string; name: string }): string {
  const key = `mining.items.${item.id}`;
  return hasKey(key) ? t(key as Key) : item.name;
}
