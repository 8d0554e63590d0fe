import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ModelFile, ModelSource } from './types.js';

const STAND_INS = fileURLToPath(new URL('./stand-ins', import.meta.url));
const MODEL_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The embedded model source: each model is a folder of stand-in files under `stand-ins/<model_key>` (a README and a
 * few KB standing for the weights), copied for real so a development machine runs the whole download without a hub.
 */
export class LocalModelSource implements ModelSource {
  readonly kind = 'local' as const;

  constructor(private readonly root = STAND_INS) {}

  async files(modelKey: string): Promise<ModelFile[]> {
    if (!MODEL_KEY.test(modelKey)) {
      return [];
    }
    const folder = path.join(this.root, modelKey);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const full = path.join(entry.parentPath, entry.name);
          return { path: path.relative(folder, full).split(path.sep).join('/'), size: (await stat(full)).size };
        }),
    );
    return files.sort((a, b) => a.path.localeCompare(b.path));
  }

  async open(key: string): Promise<Readable | null> {
    const file = await this.resolve(key);
    return file ? createReadStream(file) : null;
  }

  async url(key: string): Promise<string> {
    const file = await this.resolve(key);
    if (!file) {
      throw new Error(`no model file ${key}`);
    }
    return pathToFileURL(file).href;
  }

  /** The file a key names, only when it lies inside its model's folder. */
  private async resolve(key: string): Promise<string | null> {
    const [modelKey = '', ...rest] = key.split('/');
    if (!MODEL_KEY.test(modelKey) || rest.length === 0 || rest.some((part) => part === '..' || part === '')) {
      return null;
    }
    try {
      const folder = await realpath(path.join(this.root, modelKey));
      const file = await realpath(path.join(folder, ...rest));
      return file.startsWith(folder + path.sep) && (await stat(file)).isFile() ? file : null;
    } catch {
      return null;
    }
  }
}
