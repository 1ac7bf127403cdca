import CryptoJS from 'crypto-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readResult } from '../src/modules/play/play.service.ts';

// The web app seals a game result with crypto-js (apps/web/src/features/play/api.ts, sealResult:
// CryptoJS.AES.encrypt(JSON.stringify({ score, gameId }), passphrase)); the server opens it with
// node:crypto. The two must agree for every score, game id and passphrase.
const seal = (score: number, gameId: string, passphrase: string) =>
  CryptoJS.AES.encrypt(JSON.stringify({ score, gameId }), passphrase).toString();

describe('sealed game results', () => {
  it('opens with node:crypto whatever crypto-js sealed, for any score, game id and passphrase', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.uuid(),
        fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }),
        (score, gameId, passphrase) => {
          expect(readResult(seal(score, gameId, passphrase), passphrase)).toEqual({ score, gameId });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a wrong passphrase, a tampered or truncated text, and anything that is not a sealed result', () => {
    const gameId = '00000000-0000-4000-8000-000000000001';
    const sealed = seal(120, gameId, 'right');
    expect(readResult(sealed, 'wrong')).toBeNull();
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1] = (raw.at(-1) ?? 0) ^ 0xff;
    expect(readResult(raw.toString('base64'), 'right')).toBeNull();
    expect(readResult(sealed.slice(0, 20), 'right')).toBeNull();
    for (const junk of ['', 'abc', 'U2FsdGVkX1', '{"score":1}', '\u0000'.repeat(40)]) {
      expect(readResult(junk, 'right')).toBeNull();
    }
    // A valid seal of something that is not { score, gameId }.
    expect(readResult(CryptoJS.AES.encrypt('{"score":-5}', 'right').toString(), 'right')).toBeNull();
  });
});
