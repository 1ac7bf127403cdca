import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { gameResult, type GameResult } from '@egg-rush/contract/play';
import { RESULT_SEAL } from '@egg-rush/contract/play-seal';

// A mole round's result, as the web app seals it with the round's key, in two versions:
//
// - v1 (RESULT_SEAL in the contract): `v1.` + base64url(IV ‖ AES-256-GCM ciphertext ‖ tag), the
//   AES key HKDF-SHA256 of the round's key. Sealed with Web Crypto in the app, opened here with
//   node:crypto. The tag refuses any change to the text and any other key outright.
// - legacy (before v1, no version prefix): crypto-js's `AES.encrypt(json, passphrase)`, the
//   OpenSSL format, "Salted__" + 8-byte salt + AES-256-CBC ciphertext, key and IV from OpenSSL's
//   EVP_BytesToKey (MD5, one round). Read here with node:crypto alone: crypto-js is not needed to
//   open it. Unauthenticated (CBC, padding only), so a change is refused only because the text no
//   longer decrypts to a valid result.
//
// Whatever the version, the round's key is the player's own (answered by /play/start): the seal
// obfuscates and refuses a result sealed by anyone else, nothing more. What protects the game is
// play.service.ts: a game of the player's own, scored once, in time, never above what the time
// played allows. No secret the server relies on is in the app.
//
// Compatibility. A round started before the upgrade and finished after it is sealed by the app
// that started it, in the legacy format, with the legacy key /play/start answered then. Such a
// result is still read, with node:crypto. But rounds are short-lived: a result pays only within
// GAME_EXPIRY_MS of the start (about 80 s: countdown, a minute of play, 15 s of grace), and keys
// are only tried for the player's rounds of the last 2 × GAME_EXPIRY_MS. So the legacy format is
// read only with the legacy key, which /play/start no longer answers: it opens only the rounds
// started before the upgrade, and those only for their lifetime (after it, the rules refuse them
// as late, then no legacy round is left to try). A legacy seal made with a v1 key (an app loaded
// before the upgrade and starting a round after it) is unreadable. Reading the legacy format
// forever would keep an unauthenticated format, and a padding oracle, for no round that can
// still pay; the legacy half of this file can go once every server runs v1 (a deployment later).

/**
 * A round's key, answered by /play/start: the web app seals that round's result with it. Derived
 * from GAME_SECRET and the game id (HMAC-SHA256, 64 hex digits), so nothing more is stored and no
 * secret is built into the app.
 */
export const roundKey = (secret: string, gameId: string) =>
  createHmac('sha256', secret).update(`mole-round:${RESULT_SEAL.version}:${gameId}`).digest('hex');

/** The key /play/start answered before v1: it opens legacy seals only, and is no longer answered. */
export const legacyRoundKey = (secret: string, gameId: string) =>
  createHmac('sha256', secret).update(`mole-round:${gameId}`).digest('hex');

/** A seal's version: v1, legacy (the OpenSSL format's "Salted__" in base64), else null. */
export function sealVersion(data: string): 'v1' | 'legacy' | null {
  if (/^v1\.[\w-]+$/.test(data)) return 'v1';
  if (data.startsWith('U2FsdGVkX1')) return 'legacy';
  return null;
}

const FORMATS = {
  v1: { key: roundKey, open: openV1 },
  legacy: { key: legacyRoundKey, open: openLegacy },
} as const;

/**
 * Opens a result with the keys, of its own version, of the given rounds: the one whose round it
 * names, else the first any key opens (then the game's own rules answer); null when none opens it
 * or its version is unknown.
 */
export function openResult(data: string, secret: string, gameIds: readonly string[]): GameResult | null {
  const version = sealVersion(data);
  if (!version) return null;
  const { key, open } = FORMATS[version];
  let opened: GameResult | null = null;
  for (const gameId of gameIds) {
    const result = open(data, key(secret, gameId));
    if (result?.gameId === gameId) return result;
    opened ??= result;
  }
  return opened;
}

/** Opens a result with one key (of the seal's own version); null if unreadable. */
export function readResult(data: string, key: string): GameResult | null {
  const version = sealVersion(data);
  return version ? FORMATS[version].open(data, key) : null;
}

/** The AES-256-GCM key of v1 seals made with a round's key. */
const v1Key = (key: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(key, 'utf8'), Buffer.alloc(0), RESULT_SEAL.hkdfInfo, 32));

/**
 * Seals a result in v1, as the web app does with Web Crypto (apps/web/src/features/play/api.ts):
 * for tests and tools, the server itself never seals. The plaintext is the JSON of
 * `{ score, gameId }`, or any text or bytes a test sends.
 */
export function sealResult(plaintext: string | Uint8Array, key: string): string {
  const iv = randomBytes(RESULT_SEAL.ivBytes);
  const cipher = createCipheriv('aes-256-gcm', v1Key(key), iv, { authTagLength: RESULT_SEAL.tagBytes });
  const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return `${RESULT_SEAL.version}.${sealed.toString('base64url')}`;
}

function openV1(data: string, key: string): GameResult | null {
  try {
    if (sealVersion(data) !== 'v1') return null;
    const raw = Buffer.from(data.slice(RESULT_SEAL.version.length + 1), 'base64url');
    const { ivBytes, tagBytes } = RESULT_SEAL;
    if (raw.length <= ivBytes + tagBytes) return null;
    const decipher = createDecipheriv('aes-256-gcm', v1Key(key), raw.subarray(0, ivBytes), {
      authTagLength: tagBytes,
    });
    decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
    const text = Buffer.concat([
      decipher.update(raw.subarray(ivBytes, raw.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
    return parseResult(text);
  } catch {
    return null;
  }
}

function openLegacy(data: string, passphrase: string): GameResult | null {
  try {
    const raw = Buffer.from(data, 'base64');
    if (raw.length < 32 || raw.subarray(0, 8).toString('latin1') !== 'Salted__') return null;
    const { key, iv } = evpBytesToKey(Buffer.from(passphrase, 'utf8'), raw.subarray(8, 16));
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const text = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
    return parseResult(text);
  } catch {
    return null;
  }
}

/** OpenSSL's EVP_BytesToKey(MD5, 1 round): 32 key bytes and 16 IV bytes from passphrase and salt. */
function evpBytesToKey(passphrase: Buffer, salt: Buffer) {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (Buffer.concat(blocks).length < 48) {
    previous = createHash('md5')
      .update(Buffer.concat([previous, passphrase, salt]))
      .digest();
    blocks.push(previous);
  }
  const bytes = Buffer.concat(blocks);
  return { key: bytes.subarray(0, 32), iv: bytes.subarray(32, 48) };
}

function parseResult(text: string): GameResult | null {
  const parsed = gameResult.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}
