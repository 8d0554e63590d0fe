import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { signRequest } from '@suanli/contract';
import { exitOf, spawnTs, waitForLine } from '../../helpers/spawn.js';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope of whichever endpoint was called
  body: any;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  token?: string;
  payload?: object;
}

interface Instance {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** The end of what it wrote to stderr, shown when a step fails. */
  stderr: string;
}

/**
 * Two instances of the real server (src/server.ts, each its own process, scheduler and reconciler) on one PostgreSQL
 * database and one DATA_DIR, as a deployment of two replicas runs them. Each has its own dev clock; the cluster keeps
 * them at the same offset, a restarted one included, so that business time is one time.
 */
export class Cluster {
  private readonly instances = new Map<string, Instance>();
  offsetMinutes = 0;

  constructor(
    private readonly env: Record<string, string>,
    readonly names: readonly string[] = ['a', 'b'],
  ) {}

  /** The DATA_DIR every instance shares: where its workspaces keep their disks. */
  get dataDir(): string {
    return this.env.DATA_DIR!;
  }

  live(): string[] {
    return this.names.filter((name) => this.instances.has(name));
  }

  async start(name: string): Promise<void> {
    const child = spawnTs('src/server.ts', [], { ...this.env, PORT: '0', HOST: '127.0.0.1' });
    const instance: Instance = { child, port: 0, stderr: '' };
    child.stderr.on('data', (chunk: Buffer) => {
      instance.stderr = (instance.stderr + chunk.toString()).slice(-4_000);
    });
    const [, port] = await waitForLine(child, /http:\/\/localhost:(\d+)/);
    child.stdout.resume();
    instance.port = Number(port);
    this.instances.set(name, instance);
    if (this.offsetMinutes > 0) {
      // In one call: a restarted server catches up on the periods it missed as the survivor would have.
      await this.advanceOne(name, this.offsetMinutes);
    }
  }

  /** kill -9: nothing of it runs on, not even its shutdown; the workspaces it started live on without it. */
  async kill(name: string): Promise<void> {
    const instance = this.instances.get(name)!;
    this.instances.delete(name);
    instance.child.kill('SIGKILL');
    await exitOf(instance.child);
  }

  /**
   * Starts every instance again after all were down (a failed deploy, the machine down) while business time moved on
   * by `minutes`. Answers when they began coming back, the earliest any could confirm a workload again.
   */
  async startAllAfter(minutes: number): Promise<number> {
    this.offsetMinutes += minutes;
    const back = this.now();
    for (const name of this.names) {
      await this.start(name);
    }
    return back;
  }

  /** Moves business time on by whole minutes, one minute per call on each instance, so every minute's jobs run. */
  async advance(minutes: number): Promise<void> {
    for (let minute = 0; minute < minutes; minute += 1) {
      this.offsetMinutes += 1;
      for (const name of this.live()) {
        await this.advanceOne(name, 1);
      }
    }
  }

  /** Business time now, as every instance's clock reads it (same machine, same offset). */
  now(): number {
    return Date.now() + this.offsetMinutes * 60_000;
  }

  async request(name: string, { method = 'GET', url, token, payload }: RequestOptions): Promise<Answer> {
    const instance = this.instances.get(name);
    if (!instance) {
      throw new Error(`instance ${name} is not running`);
    }
    const path = url.split('?')[0]!.replace(/^\/api/, '');
    const response = await fetch(`http://127.0.0.1:${instance.port}${url}`, {
      method,
      headers: {
        'accept-language': 'en-US',
        sn: signRequest(path, Date.now()),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** Where a live instance listens, for requests that are no API call (a provider's notification, an application link). */
  origin(name: string): { host: string; port: number } {
    const instance = this.instances.get(name);
    if (!instance) {
      throw new Error(`instance ${name} is not running`);
    }
    return { host: '127.0.0.1', port: instance.port };
  }

  stderrOf(name: string): string {
    return this.instances.get(name)?.stderr ?? '';
  }

  async close(): Promise<void> {
    await Promise.all(this.live().map((name) => this.kill(name)));
  }

  private async advanceOne(name: string, minutes: number): Promise<void> {
    const answer = await this.request(name, {
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMinutes: minutes },
    });
    if (answer.status !== 200 || answer.body.data.offsetMinutes !== this.offsetMinutes) {
      throw new Error(
        `instance ${name} did not move its clock to +${this.offsetMinutes} min: ${JSON.stringify(answer)}`,
      );
    }
  }
}
