import type { EndpointData, EndpointDefinition } from '@suanli/contract';
import { setApiBase } from '@/shared/http';
import { sendJson, startApiServer, type RecordedRequest } from './api-server';

/**
 * What a fake endpoint answers: its data, typed by the contract's endpoint (so a fixture of the wrong shape fails to
 * compile), or a failure. Sent as the server's envelope.
 */
export type Reply<Data> =
  { ok: true; data: Data; msg: string } | { ok: false; code: number; msg: string; field?: string };

export interface FakeRequest extends RecordedRequest {
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there was none. */
  json: unknown;
}

/** Answers one request; a promise holds the answer back until it settles (a page seen while it loads). */
export type FakeHandler<Data> = (request: FakeRequest) => Reply<Data> | Promise<Reply<Data>>;

/** A successful envelope, as the server sends it. */
export function ok<Data>(data: Data, msg = ''): Reply<Data> {
  return { ok: true, data, msg };
}

/** A failed envelope; the server repeats the body code as the HTTP status and names the field at fault, if any. */
export function fail(code: number, msg: string, field?: string): Reply<never> {
  return { ok: false, code, msg, field };
}

/** Answers the replies in order, then keeps answering the last one; typed by the endpoint it answers for. */
export function inSequence<Data>(...replies: Reply<NoInfer<Data>>[]): FakeHandler<Data> {
  let next = 0;
  return () => {
    const reply = replies[Math.min(next, replies.length - 1)] as Reply<Data>;
    next += 1;
    return reply;
  };
}

function send(response: Parameters<typeof sendJson>[0], reply: Reply<unknown>): void {
  if (reply.ok) {
    sendJson(response, 200, { code: 200, msg: reply.msg, data: reply.data });
    return;
  }
  const data = reply.field ? { field: reply.field, requestId: 'fake' } : { requestId: 'fake' };
  sendJson(response, reply.code, { code: reply.code, msg: reply.msg, data });
}

function keyOf(method: string, path: string): string {
  return `${method} ${path}`;
}

function parse(request: RecordedRequest): FakeRequest {
  const url = new URL(request.url, 'http://fake.local');
  const json: unknown = request.body ? JSON.parse(request.body) : undefined;
  return { ...request, path: url.pathname.replace(/^\/api/, ''), query: url.searchParams, json };
}

/**
 * A real local HTTP server that answers the contract's endpoints with what each test declares, and points the
 * console's shared HTTP clients at it. Requests the test did not declare answer 404, so a surprise call is visible.
 */
export async function startFakeApi() {
  const handlers = new Map<string, FakeHandler<unknown>>();
  const server = await startApiServer((recorded, response) => {
    const request = parse(recorded);
    const handler = handlers.get(keyOf(request.method, request.path));
    void Promise.resolve(handler ? handler(request) : fail(404, `no fake for ${request.path}`)).then((reply) =>
      send(response, reply),
    );
  });
  setApiBase(server.baseUrl);

  return {
    baseUrl: server.baseUrl,
    /** Declares how an endpoint answers from now on: a fixed reply or a handler, typed by the endpoint's data. */
    on<E extends EndpointDefinition>(endpoint: E, reply: Reply<EndpointData<E>> | FakeHandler<EndpointData<E>>): void {
      handlers.set(keyOf(endpoint.method, endpoint.path), typeof reply === 'function' ? reply : () => reply);
    },
    /** The requests the console made to an endpoint so far. */
    calls: (endpoint: EndpointDefinition): FakeRequest[] =>
      server.requests
        .map(parse)
        .filter((request) => request.method === endpoint.method && request.path === endpoint.path),
    reset(): void {
      handlers.clear();
      server.requests.length = 0;
    },
    close: server.close,
  };
}

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;
