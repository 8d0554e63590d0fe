import { z } from 'zod';
import { configGroup } from './group.js';

/** A 32-byte key given as base64 (`openssl rand -base64 32`). */
const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
});

/** The variable of each key, which is also its name in DATA_DIR/secrets.json. */
export const KEY_VARIABLES = { idEncryption: 'ID_ENCRYPTION_KEY', objectSigning: 'OBJECT_SIGNING_KEY' } as const;

/**
 * The server's own secrets. Unset outside production, each is generated once and kept in DATA_DIR (secrets.ts,
 * decisions/0009); production must set both, since several instances share one database.
 */
export const keys = configGroup({
  schema: z
    .object({ ID_ENCRYPTION_KEY: base64Key.optional(), OBJECT_SIGNING_KEY: base64Key.optional() })
    .transform((env) => ({ idEncryption: env.ID_ENCRYPTION_KEY, objectSigning: env.OBJECT_SIGNING_KEY })),
  refuseInProduction: (keys) =>
    (['idEncryption', 'objectSigning'] as const)
      .filter((name) => !keys[name])
      .map((name) => ({ variable: KEY_VARIABLES[name], message: 'must be set to a secret of its own in production' })),
});
