import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, t=2, p=1; ARCHITECTURE §10). `Algorithm` is a const enum, which
 * isolatedModules cannot read at run time, hence its value 2 (Argon2id) spelled out.
 */
const OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | undefined;

/**
 * False for a wrong password and for an account without one. An account without a hash (unknown, or WeChat-only)
 * still pays for one verification against a throwaway hash, so the answer takes as long as a wrong password's.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
