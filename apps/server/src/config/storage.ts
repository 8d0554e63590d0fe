import { z } from 'zod';
import { configGroup, flag, requiredWhen, urlRequiredWhen } from './group.js';

const S3 = 'STORAGE=s3';

const local = z.object({ STORAGE: z.literal('local') }).transform((env) => ({ provider: env.STORAGE }));

/** An S3-compatible service (AWS S3, MinIO, OSS, COS…); browsers reach the endpoint through the signed links. */
const s3 = z
  .object({
    STORAGE: z.literal('s3'),
    S3_ENDPOINT: urlRequiredWhen(S3),
    S3_REGION: requiredWhen(S3),
    S3_BUCKET: requiredWhen(S3),
    S3_ACCESS_KEY_ID: requiredWhen(S3),
    S3_SECRET_ACCESS_KEY: requiredWhen(S3),
    S3_FORCE_PATH_STYLE: flag.default(false),
  })
  .transform((env) => ({
    provider: env.STORAGE,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  }));

/** Where objects live (providers/object-store): files under DATA_DIR, or an S3-compatible bucket with its settings. */
export const storage = configGroup({
  schema: z
    .looseObject({ STORAGE: z.enum(['local', 's3']).default('local') })
    .pipe(z.discriminatedUnion('STORAGE', [local, s3])),
});
