import type { EndpointDefinition } from '@suanli/contract';
import { setApiBase } from '../shared/http';
import { sendJson, startApiServer, type RecordedRequest } from './api-server';

export interface Reply {
  status: number;
  body: unknown;
}

export interface FakeRequest extends RecordedRequest {
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there was none. */
  json: unknown;
}

export type FakeHandler = (request: FakeRequest) => Reply;

/** A successful envelope, as the server sends it. */
export function ok(data: unknown, msg = ''): Reply {
  return { status: 200, body: { code: 200, msg, data } };
}

/** A failed envelope; the server repeats the body code as the HTTP status. */
export function fail(code: number, msg: string): Reply {
  return { status: code, body: { code, msg } };
}

/** Answers the replies in order, then keeps answering the last one. */
export function inSequence(...replies: Reply[]): FakeHandler {
  let next = 0;
  return () => {
    const reply = replies[Math.min(next, replies.length - 1)] as Reply;
    next += 1;
    return reply;
  };
}

function keyOf(method: string, path: string): string {
  return `${method} ${path}`;
}

/**
 * A real local HTTP server that answers the contract's endpoints with what each test declares, and points the
 * console's shared HTTP clients at it. Requests the test did not declare answer 404, so a surprise call is visible.
 */
export async function startFakeApi() {
  const handlers = new Map<string, FakeHandler>();
  const server = await startApiServer((request, response) => {
    const url = new URL(request.url, 'http://fake.local');
    const path = url.pathname.replace(/^\/api/, '');
    const handler = handlers.get(keyOf(request.method, path));
    const json: unknown = request.body ? JSON.parse(request.body) : undefined;
    const reply = handler
      ? handler({ ...request, path, query: url.searchParams, json })
      : fail(404, `no fake for ${path}`);
    sendJson(response, reply.status, reply.body);
  });
  setApiBase(server.baseUrl);

  const callsOf = (endpoint: EndpointDefinition): FakeRequest[] =>
    server.requests
      .map((request) => {
        const url = new URL(request.url, 'http://fake.local');
        const json: unknown = request.body ? JSON.parse(request.body) : undefined;
        return { ...request, path: url.pathname.replace(/^\/api/, ''), query: url.searchParams, json };
      })
      .filter((request) => request.method === endpoint.method && request.path === endpoint.path);

  return {
    baseUrl: server.baseUrl,
    /** Declares how an endpoint answers from now on: a fixed reply or a handler. */
    on(endpoint: EndpointDefinition, reply: Reply | FakeHandler): void {
      handlers.set(keyOf(endpoint.method, endpoint.path), typeof reply === 'function' ? reply : () => reply);
    },
    /** The requests the console made to an endpoint so far. */
    calls: callsOf,
    reset(): void {
      handlers.clear();
      server.requests.length = 0;
    },
    close: server.close,
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;
