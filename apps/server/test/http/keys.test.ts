import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { AdjustableClock } from '../../src/jobs/clock.js';
import { createObjectStore } from '../../src/providers/object-store/index.js';
import { logKeysReport, resolveKeys, SECRETS_FILE } from '../../src/secrets.js';
import { buildTestApp, testConfig, type TestApp } from '../helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

// The test helper gives keys in the environment; '' unsets them, as on a machine where nobody configured any.
const UNSET = { ID_ENCRYPTION_KEY: '', OBJECT_SIGNING_KEY: '' };

const folders: string[] = [];
const freshDataDir = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'suanli-keys-'));
  folders.push(folder);
  return folder;
};
const stored = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, SECRETS_FILE), 'utf8'));

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

describe('keys left unset outside production', () => {
  it('are generated at the first start, 32 random bytes each, in a file only the server user can read', async () => {
    const dataDir = freshDataDir();
    const { config, report } = await resolveKeys(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, SECRETS_FILE);
    expect(report).toEqual({ file, created: true, fromFile: ['ID_ENCRYPTION_KEY', 'OBJECT_SIGNING_KEY'] });
    expect(stored(dataDir)).toEqual({
      ID_ENCRYPTION_KEY: config.keys.idEncryption,
      OBJECT_SIGNING_KEY: config.keys.objectSigning,
    });
    expect(Buffer.from(config.keys.idEncryption, 'base64')).toHaveLength(32);
    expect(config.keys.idEncryption).not.toBe(config.keys.objectSigning);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('are read back, unchanged, at every later start', async () => {
    const dataDir = freshDataDir();
    const first = await resolveKeys(loadConfig({ DATA_DIR: dataDir }));
    const second = await resolveKeys(loadConfig({ DATA_DIR: dataDir }));
    expect(second.report.created).toBe(false);
    expect(second.config.keys.idEncryption).toBe(first.config.keys.idEncryption);
    expect(second.config.keys.objectSigning).toBe(first.config.keys.objectSigning);
  });

  it('give way to keys set in the environment, and nothing is written when both are', async () => {
    const dataDir = freshDataDir();
    const key = Buffer.alloc(32, 7).toString('base64');
    const { config, report } = await resolveKeys(loadConfig({ DATA_DIR: dataDir, OBJECT_SIGNING_KEY: key }));
    expect(config.keys.objectSigning).toBe(key);
    expect(report.fromFile).toEqual(['ID_ENCRYPTION_KEY']);
    const both = await resolveKeys(
      loadConfig({ DATA_DIR: freshDataDir(), OBJECT_SIGNING_KEY: key, ID_ENCRYPTION_KEY: key }),
    );
    expect(both.report).toEqual({ file: null, created: false, fromFile: [] });
  });

  it('are said in the log to come from DATA_DIR, never shown', async () => {
    const { config, report } = await resolveKeys(loadConfig({ DATA_DIR: freshDataDir() }));
    const lines: string[] = [];
    logKeysReport({ info: (details, message) => lines.push(JSON.stringify({ ...details, message })) }, report);
    expect(lines.join('')).toContain(SECRETS_FILE);
    expect(lines.join('')).toContain('generated random keys');
    expect(lines.join('')).not.toContain(config.keys.idEncryption);
    expect(lines.join('')).not.toContain(config.keys.objectSigning);
  });

  it('are put back to owner-only when the file was copied loosely, and refused when the file is damaged', async () => {
    const dataDir = freshDataDir();
    await resolveKeys(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, SECRETS_FILE);
    chmodSync(file, 0o644);
    await resolveKeys(loadConfig({ DATA_DIR: dataDir }));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const damaged of ['{"ID_ENCRYPTION_KEY":"short"}', 'not json']) {
      writeFileSync(file, damaged);
      await expect(resolveKeys(loadConfig({ DATA_DIR: dataDir }))).rejects.toThrow(/restore it from a backup/);
    }
  });
});

describe('two installations', () => {
  const installs: { dataDir: string; t: TestApp }[] = [];
  beforeAll(async () => {
    for (const dataDir of [freshDataDir(), freshDataDir()]) {
      installs.push({ dataDir, t: await buildTestApp({ ...UNSET, DATA_DIR: dataDir }, { testDatabase }) });
    }
  });
  afterAll(async () => {
    for (const { t } of installs) {
      await t.close();
    }
  });

  /** The object store each installation builds from its own configuration, on one clock so that links compare. */
  const stores = async (clock: AdjustableClock) =>
    Promise.all(
      installs.map(async ({ dataDir }) => createObjectStore(await testConfig({ ...UNSET, DATA_DIR: dataDir }), clock)),
    );

  it("sign the same object link differently, and neither serves the other's links", async () => {
    const clock = new AdjustableClock();
    const [own, other] = await stores(clock);
    const key = 'avatars/1/portrait.png';
    const upload = await own!.presignPut(key, { contentTypes: ['image/png'], maxBytes: 1_024, expiresInSeconds: 60 });
    const put = await installs[0]!.t.app.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('png bytes'),
    });
    expect(put.statusCode).toBe(200);

    const [link, foreign] = [await own!.presignGet(key, 60), await other!.presignGet(key, 60)];
    const signature = (url: string) => new URL(url, 'http://localhost').searchParams.get('signature');
    expect(link.expiresAt).toEqual(foreign.expiresAt);
    expect(signature(link.url)).not.toBe(signature(foreign.url));

    expect((await installs[0]!.t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    const forged = await installs[0]!.t.app.inject({ method: 'GET', url: foreign.url });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 403 });
  });
});
