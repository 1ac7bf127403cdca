import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  legacyRoundKey,
  openResult,
  readResult,
  roundKey,
  sealResult,
  sealVersion,
} from '../src/modules/play/play.seal.ts';
import { legacySeal } from './legacy-seal.ts';

// The web app seals a game result with Web Crypto (apps/web/src/features/play/api.ts, sealResult:
// AES-256-GCM under HKDF-SHA256 of the round's key, `v1.` + base64url); the server opens it with
// node:crypto. The two must agree for every score, game id and key. Before v1 the app sealed with
// crypto-js (AES with a passphrase, the OpenSSL format); a round started then is still read.
//
// What the seal protects against: a result sealed by anyone but the holder of the round's key,
// and any change to a sealed result. The round's key is the player's own (from /play/start), so
// the player can seal any score: the server's rules, not the seal, bound it (play.test.ts).

const SECRET = 'test-game-secret';

/** Sealed by the app's own sealResult (Web Crypto, under jsdom) with roundKey(SECRET, gameId). */
const WEB_SEALED = [
  {
    score: 420,
    gameId: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    key: 'ec6f0df04c862e33d44ebfc2c396d97365decd02ac8cec717217025c623d3a1a',
    sealed:
      'v1.mfvK8OXHBnYyMwap--ORFLaI_v3cRhOl3qFQmytzi8kva21zqb0vqQoXrjD-NRGbuk1suOmEtJ3HeDQtDo4mutaxLr5lK79CfTYL4hrVuwakgWQFsCZXrw0',
  },
  {
    score: 0,
    gameId: '00000000-0000-4000-8000-000000000001',
    key: '2aa583b427fa754546ed897ee9b1ef91226d5f5664b903dd044f8f20c671321d',
    sealed:
      'v1.oXyt6dapsCAlkK7c_jC2-PtIsiD5wKhAKsXnLpgdmKvNggoVAAtU36cHE3buNHMRQZNN_08ZOAcVI8Nj_6pcM8Pgt6Inywvv8x2KWZTJis2o8Zyezu-Q',
  },
];

/**
 * Sealed by crypto-js 4.2 (`CryptoJS.AES.encrypt(JSON.stringify({ score, gameId }), key)`), as
 * the app did before v1: three with legacyRoundKey(SECRET, gameId), two with other passphrases.
 */
const CRYPTO_JS_SEALED = [
  {
    score: 0,
    gameId: '00000000-0000-4000-8000-000000000001',
    key: '8f8cc19446ce17c24fc7e4e356c82e0338e40731f11bc8a0967efc5862e20770',
    sealed:
      'U2FsdGVkX19BItZW5lYFKY+jg0ekkbj4mmfpRppsfYK2ZjIaxx6n57ZrQFICCakjZF/uNtIKPE/hMB4E+9J717cgOSn/VvliBvMMlkuRtLY=',
  },
  {
    score: 420,
    gameId: '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5',
    key: 'af52ffcc03bafc8389129fdfda595163139afc744b6b4bdc35ef36a8d20944dc',
    sealed:
      'U2FsdGVkX1+VjUYBT0q5fBHen5xCkmnZPGsK45BKuQMLRbQHpfpHVNM/DdiuMPivp5GP8BhFCp8RR5zazmcFI8IN5c8Kg4+DovPyfH90EhI=',
  },
  {
    score: 10_000_000,
    gameId: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    key: '86d4b76b9797d453dda1920a2a615094b00df27c8bd1b9ce9d56cbf895d4f0b1',
    sealed:
      'U2FsdGVkX18jgj8D5qcHobbkzYeA009y5KL7gAs5HubddDfz3K5/M+/X16dW4IdmCXu+IuLfdJS+81pFdXCXNFWMwGeP3el/zykDCN3GDs8mGEYFQnxHdghptgTA1/mf',
  },
  {
    score: 77,
    gameId: '12345678-9abc-4def-8123-456789abcdef',
    key: 'пароль 🥚 کلید',
    sealed:
      'U2FsdGVkX1+/BnwpLLx3+U1vWnrM0/CxlMsZ31LftNnpncRBFDsE62bZyeJFU5qngLC96bW4ZzR2qMUKit+Y0/wsQPbKj94JVl/EdLjjtSo=',
  },
  {
    score: 5,
    gameId: 'abcdef01-2345-4678-9abc-def012345678',
    key: 'x'.repeat(64),
    sealed:
      'U2FsdGVkX1//+yn5YTxeFzj6oC72uIkf3haimfAcqE+9JgTOz27orf+jN0vpHiK0vm1Jn6vRI8FwaMlzcoT3/VIamJ/LY6EXodSSOqAFh5s=',
  },
];
/** crypto-js's seal of `{"score":-5}` with the passphrase `right`: valid, but not a result. */
const CRYPTO_JS_NOT_A_RESULT = 'U2FsdGVkX19T3ZakuTjXU52oOjcQtw1L4pLU+HYX0Vw=';

/** Seals as the web app does, with Web Crypto, written out from the contract's description. */
async function webSeal(plaintext: string, roundKey: string) {
  const { subtle } = globalThis.crypto;
  const utf8 = new TextEncoder();
  const material = await subtle.importKey('raw', utf8.encode(roundKey), 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8.encode('egg-rush/mole-result/v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt'],
  );
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const sealed = await subtle.encrypt({ name: 'AES-GCM', iv }, key, utf8.encode(plaintext));
  return `v1.${Buffer.concat([iv, new Uint8Array(sealed)]).toString('base64url')}`;
}

/** Every text made by changing one byte of a seal's body (its version prefix kept). */
function everyByteChanged(sealed: string) {
  const [prefix, encoding] = sealed.startsWith('v1.')
    ? ['v1.', 'base64url' as const]
    : ['', 'base64' as const];
  const raw = Buffer.from(sealed.slice(prefix.length), encoding);
  return Array.from(raw, (byte, i) => {
    const changed = Buffer.from(raw);
    changed.writeUInt8(byte ^ (1 << (i % 8)), i);
    return prefix + changed.toString(encoding);
  });
}

describe('sealed game results, v1', () => {
  it("opens what the app's Web Crypto sealed, with the key /play/start answers", () => {
    for (const { score, gameId, key, sealed } of WEB_SEALED) {
      expect(roundKey(SECRET, gameId)).toBe(key);
      expect(sealVersion(sealed)).toBe('v1');
      expect(readResult(sealed, key)).toEqual({ score, gameId });
      expect(openResult(sealed, SECRET, [crypto.randomUUID(), gameId])).toEqual({ score, gameId });
    }
  });

  it('opens with node:crypto whatever Web Crypto sealed, for any score, game id and key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.uuid(),
        fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }),
        async (score, gameId, key) => {
          const sealed = await webSeal(JSON.stringify({ score, gameId }), key);
          expect(readResult(sealed, key)).toEqual({ score, gameId });
          // The server's own seal (for tests) is the same format.
          expect(readResult(sealResult(JSON.stringify({ score, gameId }), key), key)).toEqual({
            score,
            gameId,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a wrong key, any changed byte, a truncated text, and anything that is not a result', () => {
    const gameId = '00000000-0000-4000-8000-000000000001';
    const sealed = sealResult(JSON.stringify({ score: 120, gameId }), 'right');
    expect(readResult(sealed, 'right')).toEqual({ score: 120, gameId });
    expect(readResult(sealed, 'wrong')).toBeNull();
    for (const changed of everyByteChanged(sealed)) expect(readResult(changed, 'right')).toBeNull();
    for (const { key, sealed: web } of WEB_SEALED)
      for (const changed of everyByteChanged(web)) expect(readResult(changed, key)).toBeNull();
    for (let length = 0; length < sealed.length; length += 7)
      expect(readResult(sealed.slice(0, length), 'right')).toBeNull();
    expect(readResult(`${sealed}A`, 'right')).toBeNull();
    for (const junk of [
      '',
      'v1',
      'v1.',
      'v1.abc',
      `v1.${'A'.repeat(40)}`,
      '{"score":1}',
      '\u0000'.repeat(40),
    ]) {
      expect(readResult(junk, 'right')).toBeNull();
    }
    // A valid seal of something that is not { score, gameId }.
    expect(readResult(sealResult('{"score":-5}', 'right'), 'right')).toBeNull();
    expect(readResult(sealResult('not json', 'right'), 'right')).toBeNull();
  });
});

describe('sealed game results before v1 (crypto-js)', () => {
  it('opens with node:crypto what crypto-js sealed, and the test seal makes the same bytes', () => {
    for (const [i, { score, gameId, key, sealed }] of CRYPTO_JS_SEALED.entries()) {
      if (i < 3) expect(legacyRoundKey(SECRET, gameId)).toBe(key);
      expect(sealVersion(sealed)).toBe('legacy');
      expect(readResult(sealed, key)).toEqual({ score, gameId });
      const salt = Buffer.from(sealed, 'base64').subarray(8, 16);
      expect(legacySeal(JSON.stringify({ score, gameId }), key, salt)).toBe(sealed);
    }
  });

  it('opens whatever the app sealed before v1, for any score, game id and passphrase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.uuid(),
        fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }),
        (score, gameId, passphrase) => {
          expect(readResult(legacySeal(JSON.stringify({ score, gameId }), passphrase), passphrase)).toEqual({
            score,
            gameId,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a wrong passphrase, any changed byte, a truncated text, and anything that is not a result', () => {
    const gameId = '00000000-0000-4000-8000-000000000001';
    const sealed = legacySeal(JSON.stringify({ score: 120, gameId }), 'right');
    expect(readResult(sealed, 'wrong')).toBeNull();
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1] = (raw.at(-1) ?? 0) ^ 0xff;
    expect(readResult(raw.toString('base64'), 'right')).toBeNull();
    for (const { key, sealed: old } of CRYPTO_JS_SEALED)
      for (const changed of everyByteChanged(old)) expect(readResult(changed, key)).toBeNull();
    expect(readResult(sealed.slice(0, 20), 'right')).toBeNull();
    for (const junk of ['U2FsdGVkX1', 'U2FsdGVkX19BItZW5lYFKQ=='])
      expect(readResult(junk, 'right')).toBeNull();
    // A valid seal of something that is not { score, gameId }.
    expect(readResult(CRYPTO_JS_NOT_A_RESULT, 'right')).toBeNull();
  });
});

describe('versions', () => {
  it('reads each version only with its own round key: a pre-v1 seal only with the key /play/start answered before v1', () => {
    const gameId = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
    const result = { score: 420, gameId };
    const v1 = sealResult(JSON.stringify(result), roundKey(SECRET, gameId));
    const legacy = legacySeal(JSON.stringify(result), legacyRoundKey(SECRET, gameId));
    expect(openResult(v1, SECRET, [gameId])).toEqual(result);
    expect(openResult(legacy, SECRET, [gameId])).toEqual(result);
    // As crypto-js sealed it (CRYPTO_JS_SEALED's second).
    const byCryptoJs =
      'U2FsdGVkX1+VjUYBT0q5fBHen5xCkmnZPGsK45BKuQMLRbQHpfpHVNM/DdiuMPivp5GP8BhFCp8RR5zazmcFI8IN5c8Kg4+DovPyfH90EhI=';
    expect(CRYPTO_JS_SEALED.map((s) => s.sealed)).toContain(byCryptoJs);
    expect(openResult(byCryptoJs, SECRET, [gameId])).toEqual(result);
    // A pre-v1 seal with the v1 key (an app loaded before v1, its round started after), a v1 seal
    // with the old key, either one with another secret's keys: none opens.
    expect(
      openResult(legacySeal(JSON.stringify(result), roundKey(SECRET, gameId)), SECRET, [gameId]),
    ).toBeNull();
    expect(
      openResult(sealResult(JSON.stringify(result), legacyRoundKey(SECRET, gameId)), SECRET, [gameId]),
    ).toBeNull();
    expect(openResult(v1, 'another secret', [gameId])).toBeNull();
    expect(openResult(legacy, 'another secret', [gameId])).toBeNull();
  });

  it('refuses an unknown version, however valid the rest', () => {
    const gameId = '6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5';
    const key = roundKey(SECRET, gameId);
    const body = sealResult(JSON.stringify({ score: 420, gameId }), key).slice('v1.'.length);
    for (const data of [
      `v2.${body}`,
      `v0.${body}`,
      `V1.${body}`,
      `v1:${body}`,
      `v10.${body}`,
      ` v1.${body}`,
      body,
    ]) {
      expect(sealVersion(data), data.slice(0, 4)).toBeNull();
      expect(readResult(data, key)).toBeNull();
      expect(openResult(data, SECRET, [gameId])).toBeNull();
    }
    expect(openResult(`v1.${body}`, SECRET, [gameId])).toEqual({ score: 420, gameId });
  });
});
