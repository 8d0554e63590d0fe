import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client.js';
import { queryRows } from '../../src/db/sql.js';
import { exitOf, spawnTs, waitForLine } from '../helpers/spawn.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'suanli-durability-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const countUsers = async (dataDir: string, prefix: string) => {
  const database = await openPglite(dataDir);
  try {
    const [row] = await queryRows<{ count: string }>(
      database.db,
      sql`SELECT count(*)::text AS count FROM users WHERE nick_name LIKE ${`${prefix}%`}`,
    );
    return Number(row!.count);
  } finally {
    await database.close();
  }
};

describe('the embedded database', () => {
  it('keeps every committed row when its process is killed without warning', async () => {
    const dataDir = path.join(tempDir(), 'db');
    const writer = spawnTs('test/fixtures/pglite-writer.ts', [dataDir, '25']);
    await waitForLine(writer, /committed/);
    writer.kill('SIGKILL');
    expect((await exitOf(writer)).signal).toBe('SIGKILL');
    expect(await countUsers(dataDir, 'killed-')).toBe(25);
  });

  it('is closed cleanly by a graceful shutdown of the server, keeping its data', async () => {
    const dataDir = tempDir();
    const server = spawnTs('src/server.ts', [], {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_TOOLS: '1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
    });
    const [, port] = await waitForLine(server, /http:\/\/localhost:(\d+)/);
    const ready = await fetch(`http://127.0.0.1:${port}/api/readyz`);
    expect(((await ready.json()) as { data: { database: string } }).data.database).toBe('pglite');

    let logs = '';
    server.stdout.on('data', (chunk: Buffer) => {
      logs += chunk.toString();
    });
    server.kill('SIGTERM');
    expect((await exitOf(server)).code).toBe(0);
    expect(logs).toContain('database closed');
    // The seeded demonstration user was committed before the shutdown and is still there.
    expect(await countUsers(path.join(dataDir, 'db'), '演示')).toBe(1);
  });
});
