import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;

/**
 * Names and ID numbers at rest (ARCHITECTURE §10): AES-256-GCM under ID_ENCRYPTION_KEY with a random IV, stored as
 * `iv.tag.ciphertext` in base64. The additional data names the field and its user, so a ciphertext copied into
 * another row or column fails to decrypt instead of showing someone else's data. Lookups by number use a keyed
 * HMAC whose key is derived from the same secret (HKDF) rather than reused for two algorithms.
 */
export function realNameCipher(base64Key: string) {
  const key = Buffer.from(base64Key, 'base64');
  const hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'suanli real-name id-number hash', 32));
  const aad = (field: string, userId: bigint) => Buffer.from(`${field}:${userId}`);

  return {
    encrypt(plain: string, field: string, userId: bigint): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(field, userId));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64')).join('.');
    },
    decrypt(stored: string, field: string, userId: bigint): string {
      const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!).setAAD(aad(field, userId));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
    },
    hashIdNumber: (idNumber: string) => createHmac('sha256', hashKey).update(idNumber).digest('hex'),
  };
}

export type RealNameCipher = ReturnType<typeof realNameCipher>;

/** 张* for two characters; first and last kept from three on (张*三, 欧阳**娜). */
export function maskRealName(realName: string): string {
  const characters = Array.from(realName);
  if (characters.length <= 2) {
    return `${characters[0] ?? ''}*`;
  }
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`;
}

/** The first four (the province and city) and the last four characters: 1101**********1234. */
export function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 4)}${'*'.repeat(Math.max(idNumber.length - 8, 0))}${idNumber.slice(-4)}`;
}
