import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path and query, as the client signed them. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A local HTTP server on an ephemeral port, standing in for a payment provider (STYLE habit 9). */
export async function startFakeServer(handle: (request: FakeRequest, response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    void readBody(request).then((body) =>
      handle({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers, body }, response),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
