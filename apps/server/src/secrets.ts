import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, type Config, type Settings } from './config.js';
import { KEY_VARIABLES } from './config/keys.js';

const KEY_NAMES = Object.values(KEY_VARIABLES);
type KeyName = (typeof KEY_NAMES)[number];
type Keys = Record<KeyName, string>;

export const SECRETS_FILE = 'secrets.json';
const OWNER_ONLY = 0o600;

/** What resolveKeys did, for the log: never a key, only where the keys came from. */
export interface KeysReport {
  /** The file the missing keys came from, or null when the environment set every key. */
  file: string | null;
  /** True when this start generated the file. */
  created: boolean;
  fromFile: KeyName[];
}

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && Buffer.from(value, 'base64').length === 32;

function parseObject(text: string): Partial<Record<KeyName, unknown>> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

async function readKeys(file: string): Promise<Keys | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
  const stored = parseObject(text);
  if (!KEY_NAMES.every((name) => isKey(stored[name]))) {
    // A new key would leave every ID number encrypted under the old one unreadable: the file must be restored.
    throw new ConfigError(`${file} does not hold two 32-byte base64 keys; restore it from a backup`);
  }
  // A copy made with looser permissions (cp, an archive) is put back to owner-only.
  if (((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, OWNER_ONLY);
  }
  return stored as Keys;
}

/**
 * Writes fresh keys to a private temporary file and links it into place: link() fails when the file exists, so of two
 * servers starting on one DATA_DIR at once, one creates the file and both use it. Answers whether this one created it.
 */
async function createKeys(file: string): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  const keys = Object.fromEntries(KEY_NAMES.map((name) => [name, randomBytes(32).toString('base64')]));
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', OWNER_ONLY);
  try {
    await handle.writeFile(`${JSON.stringify(keys, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
    return false;
  } finally {
    await unlink(temporary);
  }
}

/**
 * The keys the environment leaves unset (outside production; config/keys.ts refuses that in production) come from
 * `DATA_DIR/secrets.json`, generated at the first start with random keys and readable only by the server's user, so
 * that no key is written in the source and every installation has its own. loadConfig stays pure; server.ts and the
 * tests call this once before building the app.
 */
export async function resolveKeys(settings: Settings): Promise<{ config: Config; report: KeysReport }> {
  const { idEncryption, objectSigning } = settings.keys;
  if (idEncryption && objectSigning) {
    return {
      config: { ...settings, keys: { idEncryption, objectSigning } },
      report: { file: null, created: false, fromFile: [] },
    };
  }
  const file = path.resolve(settings.runtime.dataDir, SECRETS_FILE);
  let created = false;
  let stored = await readKeys(file);
  if (!stored) {
    created = await createKeys(file);
    stored = (await readKeys(file))!;
  }
  const keys = {
    idEncryption: idEncryption ?? stored[KEY_VARIABLES.idEncryption],
    objectSigning: objectSigning ?? stored[KEY_VARIABLES.objectSigning],
  };
  const fromFile = (['idEncryption', 'objectSigning'] as const)
    .filter((name) => !settings.keys[name])
    .map((name) => KEY_VARIABLES[name]);
  return { config: { ...settings, keys }, report: { file, created, fromFile } };
}

/** Says in the log where the keys came from, never what they are. */
export function logKeysReport(log: { info(details: object, message: string): void }, report: KeysReport): void {
  if (!report.file) {
    return;
  }
  const { file, fromFile: keys } = report;
  const message = report.created
    ? 'generated random keys and kept them in DATA_DIR (readable by this user only); back the file up with the data'
    : 'read the keys the environment leaves unset from DATA_DIR';
  log.info({ file, keys }, message);
}
