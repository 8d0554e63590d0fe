import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts a TypeScript entry point in its own Node process, as production would, so that it can really be killed. */
export function spawnTs(script: string, args: string[] = [], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  }) as ChildProcessWithoutNullStreams;
}

/** Resolves with the first stdout line matching `pattern`; rejects if the process ends first. */
export function waitForLine(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let errors = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(pattern);
      if (match) {
        child.stdout.off('data', onData);
        resolve(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}: ${errors.slice(-2000)}`)));
  });
}

export function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}
