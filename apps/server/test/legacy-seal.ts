import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A result sealed as the web app sealed it before v1 of the seal (apps/server/src/modules/play/
 * play.seal.ts): crypto-js's `AES.encrypt(text, passphrase).toString()`, the OpenSSL format,
 * base64 of "Salted__" + 8-byte salt + AES-256-CBC ciphertext, key and IV from EVP_BytesToKey
 * (MD5, one round). Written with node:crypto, crypto-js being gone: sealed-result.test.ts checks
 * that it makes crypto-js's very bytes.
 */
export function legacySeal(plaintext: string | Uint8Array, passphrase: string, salt = randomBytes(8)) {
  const bytes: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (bytes.length * 16 < 48) {
    previous = createHash('md5')
      .update(Buffer.concat([previous, Buffer.from(passphrase, 'utf8'), salt]))
      .digest();
    bytes.push(previous);
  }
  const derived = Buffer.concat(bytes);
  const cipher = createCipheriv('aes-256-cbc', derived.subarray(0, 32), derived.subarray(32, 48));
  return Buffer.concat([
    Buffer.from('Salted__', 'latin1'),
    salt,
    cipher.update(plaintext),
    cipher.final(),
  ]).toString('base64');
}
