// No zod here: the play screen's chunk seals with these without loading the schemas.

/**
 * How the app seals a round's result with the round's key, version 1: `v1.` then, in base64url
 * without padding, a random 12-byte IV followed by the AES-256-GCM ciphertext of `{ score, gameId }`
 * as JSON and its 16-byte tag. The AES key is HKDF-SHA256 of the round's key (its UTF-8 bytes),
 * with an empty salt and `hkdfInfo` as the info: what Web Crypto and node:crypto both do natively.
 * The key is the player's own, so the seal only obfuscates; the server's rules protect the game.
 */
export const RESULT_SEAL = {
  version: 'v1',
  hkdfInfo: 'egg-rush/mole-result/v1',
  ivBytes: 12,
  tagBytes: 16,
} as const;
