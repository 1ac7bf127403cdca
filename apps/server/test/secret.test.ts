import { describe, expect, it } from 'vitest';
import { bearerToken, sameSecret } from '../src/lib/secret.ts';

describe('sameSecret', () => {
  it('matches only the same text, and never an absent secret', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cret', 's3creT')).toBe(false);
    expect(sameSecret('s3cre', 's3cret')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret('x', undefined)).toBe(false);
    expect(sameSecret(undefined, 'x')).toBe(false);
    expect(sameSecret(['x'], 'x')).toBe(false);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header, in any case, and nothing else', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
