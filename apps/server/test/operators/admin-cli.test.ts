import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPglite, type Database } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.js';
import { ENGINE } from '../helpers/engine.js';
import { createUser } from '../helpers/factories.js';
import { exitOf, spawnTs } from '../helpers/spawn.js';

// `npm run admin` on the engine of this pass: PostgreSQL through DATABASE_URL, or the embedded database in a DATA_DIR
// of its own, which only one process may open at a time (so the test's own handle is closed while the CLI runs).
const dataDir = mkdtempSync(path.join(tmpdir(), 'suanli-admin-cli-'));
let t: TestApp;
let phone: string;
beforeAll(async () => {
  const database =
    ENGINE === 'pglite'
      ? await openPglite(path.join(dataDir, 'db'), new Blob([readFileSync(inject('pgliteTemplate'))]))
      : undefined;
  t = await buildTestApp(
    {},
    database ? { testDatabase: { database, url: undefined, drop: () => database.close() } } : {},
  );
  const userId = await createUser(t);
  const [user] = await queryRows<{ phone: string }>(t.db, sql`SELECT phone FROM users WHERE id = ${userId}`);
  phone = user!.phone;
  if (ENGINE === 'pglite') {
    await t.close();
    await t.testDatabase.drop();
  }
});
afterAll(async () => {
  if (ENGINE !== 'pglite') {
    await t.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function admin(...args: string[]) {
  const child = spawnTs('src/admin-cli.ts', args, {
    ...(ENGINE === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: t.testDatabase.url! }),
    LOG_LEVEL: 'silent',
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { code: (await exitOf(child)).code, output };
}

/** What the database holds once the CLI has ended: the user's areas and the audit rows of their grants. */
async function stateOf(): Promise<{ areas: string[]; audits: { action: string; operatorId: string | null }[] }> {
  const database: Database = ENGINE === 'pglite' ? await openPglite(path.join(dataDir, 'db')) : t.testDatabase.database;
  try {
    const areas = await queryRows<{ area: string }>(
      database.db,
      sql`SELECT area FROM operator_permissions JOIN users ON users.id = user_id WHERE phone = ${phone} ORDER BY area`,
    );
    const audits = await queryRows<{ action: string; operatorId: string | null }>(
      database.db,
      sql`SELECT action, operator_id::text AS "operatorId" FROM audit_log ORDER BY id`,
    );
    return { areas: areas.map((row) => row.area), audits };
  } finally {
    if (ENGINE === 'pglite') {
      await database.close();
    }
  }
}

// Each step is a process of its own that compiles the CLI and opens the database (the embedded one takes seconds): a
// fresh-clone CI on a loaded 2-core box took 46 s for the file, past the default 30 s a test.
describe('npm run admin', { timeout: 180_000 }, () => {
  it('grants an area to the account a phone names, lists it, and revokes it, each change audited', async () => {
    const granted = await admin('grant', phone, 'admin', '--reason', 'the first administrator');
    expect(granted).toMatchObject({ code: 0, output: expect.stringMatching(/may now act in admin/) });
    expect(await admin('grant', phone, 'finance')).toMatchObject({ code: 0 });
    expect(await admin('grant', phone, 'finance')).toMatchObject({ code: 0, output: expect.stringMatching(/already/) });
    expect((await admin('list')).output).toContain(`(${phone}): admin, finance`);
    expect((await stateOf()).areas).toEqual(['admin', 'finance']);

    expect(await admin('revoke', phone, 'finance')).toMatchObject({ code: 0 });
    const { areas, audits } = await stateOf();
    expect(areas).toEqual(['admin']);
    expect(audits.map((row) => row.action)).toEqual([
      'operators.grant',
      'operators.grant',
      'operators.grant',
      'operators.revoke',
    ]);
    expect(audits.every((row) => row.operatorId === null)).toBe(true);
  });

  it('refuses an unknown account, and an area that does not exist, saying which ones do', async () => {
    expect(await admin('grant', '13000000000', 'admin')).toMatchObject({
      code: 1,
      output: expect.stringMatching(/no account/),
    });
    const wrong = await admin('grant', phone, 'everything');
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('fleet, finance, review, support, admin');
  });
});
