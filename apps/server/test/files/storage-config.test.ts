import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { testConfig } from '../helpers/build-test-app.js';

const S3_ENV = {
  STORAGE: 's3',
  S3_ENDPOINT: 'https://oss-cn-beijing.aliyuncs.com',
  S3_REGION: 'cn-beijing',
  S3_BUCKET: 'suanli-objects',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the storage settings', () => {
  it('keep objects under DATA_DIR by default', async () => {
    expect(loadConfig({}).storage).toEqual({ provider: 'local' });
    expect(createObjectStore(await testConfig(), { now: () => new Date() }).kind).toBe('local');
  });

  it('choose an S3 bucket with STORAGE=s3 and every setting it needs', async () => {
    expect(loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'on' }).storage).toEqual({
      provider: 's3',
      endpoint: 'https://oss-cn-beijing.aliyuncs.com',
      region: 'cn-beijing',
      bucket: 'suanli-objects',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig(S3_ENV).storage).toMatchObject({ forcePathStyle: false });
    expect(createObjectStore(await testConfig(S3_ENV), { now: () => new Date() }).kind).toBe('s3');
  });

  it('name each missing S3 setting', () => {
    for (const name of Object.keys(S3_ENV).filter((key) => key !== 'STORAGE')) {
      const env: Record<string, string> = { ...S3_ENV };
      delete env[name];
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}: is required when STORAGE=s3`));
    }
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
