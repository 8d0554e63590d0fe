// The part of s3rver (3.7.1, a Koa application without its own types) that test/helpers/s3-server.ts uses.
declare module 's3rver' {
  import type { IncomingMessage } from 'node:http';

  interface Context {
    url: string;
    path: string;
    method: string;
    query: Record<string, string | string[] | undefined>;
    req: IncomingMessage;
    status: number;
    type: string;
    body: unknown;
    get(header: string): string;
  }

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      vhostBuckets?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    middleware: ((ctx: Context, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
