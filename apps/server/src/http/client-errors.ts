import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pickLocale, translate, type Locale } from '@suanli/contract';
import type { ConnectionError, FastifyInstance } from 'fastify';

// Node's own answers to these (lib/_http_server.js socketOnError), kept, in the envelope.
const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'errors.badRequest',
  408: 'errors.requestTimeout',
  413: 'errors.payloadTooLarge',
  431: 'errors.headersTooLarge',
};

const LANGUAGE_HEADER = /\r\naccept-language:[ \t]*([^\r\n]*)/i;
// An address or header over the head limit ends the parse before the language header is read; the rest of the head
// usually follows within milliseconds, and Node reports each further chunk as another clientError with that chunk.
const LANGUAGE_WAIT_MS = 100;
const TAIL_BYTES = 256;
// After the answer the client may still be sending; reading on a moment before the socket closes keeps a reset from
// destroying the answer before the client reads it.
const LINGER_MS = 1_000;

type InFlight = Socket & { _httpMessage?: ServerResponse | null };

/** The response of a request whose head was read (a stalled body), which tells its language and whether it began. */
const inFlightResponse = (socket: Socket) => (socket as InFlight)._httpMessage ?? null;

// As Node itself checks before answering: never write into a response that has begun.
const canAnswer = (socket: Socket) => socket.writable && !inFlightResponse(socket)?.headersSent;

function languageOf(packet: string, socket: Socket): Locale | null {
  const header = LANGUAGE_HEADER.exec(packet);
  if (header) {
    return pickLocale(header[1]);
  }
  const request = inFlightResponse(socket)?.req;
  return request ? pickLocale(request.headers['accept-language']) : null;
}

const waiting = new WeakMap<Socket, { tail: string; timer: NodeJS.Timeout }>();

/**
 * Answers every error Node meets before routing (a malformed head, a bad Content-Length, a head over the size limit,
 * a request that does not arrive in time) in the envelope, in the request's language when its head says it, then
 * closes the connection (ARCHITECTURE §3: every answer is `{ code, msg, data }`). Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !canAnswer(socket)) {
    return;
  }
  const status = STATUS_BY_CODE[error.code] ?? 400;
  const earlier = waiting.get(socket);
  // Node hands the bytes it was parsing as a Buffer (Fastify's typings say otherwise); a timeout has none.
  const raw: unknown = error.rawPacket;
  const packet = `${earlier?.tail ?? ''}${Buffer.isBuffer(raw) ? raw.toString('latin1') : ''}`;
  const locale = languageOf(packet, socket);
  const answer = (language: Locale) => {
    waiting.delete(socket);
    clearTimeout(earlier?.timer);
    this.log.debug({ code: error.code, status }, 'client error answered before routing');
    sendEnvelope(socket, { status, locale: language, limit: this.initialConfig.bodyLimit ?? 0 });
  };
  if (locale || status !== 431) {
    answer(locale ?? 'zh-CN');
    return;
  }
  const timer = earlier?.timer ?? setTimeout(() => answer('zh-CN'), LANGUAGE_WAIT_MS);
  waiting.set(socket, { tail: packet.slice(-TAIL_BYTES), timer });
}

function sendEnvelope(socket: Socket, answer: { status: number; locale: Locale; limit: number }) {
  if (!canAnswer(socket)) {
    return;
  }
  const { status, locale, limit } = answer;
  const msg = translate(locale, MESSAGE_BY_STATUS[status] ?? 'errors.badRequest', { limit });
  const body = JSON.stringify({ code: status, msg, data: { requestId: randomUUID() } });
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
