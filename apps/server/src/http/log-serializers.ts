import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

type SerializedError = ReturnType<typeof stdSerializers.errWithCause>;

const REDACTED = '[redacted]';

/**
 * The URL as the log shows it: the path and the query's keys, never their values, which carry lookups' e-mails, the
 * real-name check's name and ID number, and object links' signatures (ARCHITECTURE §10).
 */
export function withoutQueryValues(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) {
    return url;
  }
  const keys = url
    .slice(question + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=*`);
  return `${url.slice(0, question)}?${keys.join('&')}`;
}

/** Fastify's request serializer, with the query's values left out. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type Fields = { [key: string]: unknown };
const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** The parameters of every failed query in the error and its causes (drizzle's DrizzleQueryError carries them). */
function failedQueryParameters(error: unknown): unknown[][] {
  const found: unknown[][] = [];
  const seen = new Set<unknown>();
  for (let current = error; isRecord(current) && !seen.has(current); current = current.cause) {
    seen.add(current);
    if (Array.isArray(current.params)) {
      found.push(current.params);
    }
  }
  return found;
}

/**
 * Takes user data out of a text: drizzle's `params: …` line, then each string parameter where the driver quotes it
 * (`invalid input syntax for type integer: "…"`) and, from four characters on, wherever it appears; shorter values
 * are left alone elsewhere so that a one-letter parameter does not blank the message.
 */
function scrubText(text: string, parameters: unknown[][]): string {
  let scrubbed = text;
  for (const list of parameters) {
    scrubbed = scrubbed.split(`\nparams: ${String(list)}`).join(`\nparams: ${REDACTED}`);
  }
  for (const value of parameters.flat()) {
    if (typeof value === 'string' && value !== '') {
      scrubbed = scrubbed.split(`"${value}"`).join(`"${REDACTED}"`);
      scrubbed = value.length >= 4 ? scrubbed.split(value).join(REDACTED) : scrubbed;
    }
  }
  return scrubbed;
}

function scrub(value: unknown, parameters: unknown[][], key = ''): unknown {
  // `params` holds the values themselves; PostgreSQL's `detail` repeats them (`Key (email)=(…) already exists`).
  if (key === 'params' || key === 'detail') {
    return REDACTED;
  }
  if (typeof value === 'string') {
    return key === 'query' ? value : scrubText(value, parameters);
  }
  if (Array.isArray(value)) {
    return value.map((item) => scrub(item, parameters));
  }
  if (!isRecord(value)) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, scrub(item, parameters, name)]));
}

/**
 * pino's error serializer with causes nested (so the driver's SQLSTATE and constraint stay visible), and for a failed
 * query the statement's text kept while its parameter values are redacted at every level of `cause` (issue 7).
 */
export function serializeError(error: Error): SerializedError {
  const serialized = stdSerializers.errWithCause(error);
  const parameters = failedQueryParameters(error);
  return parameters.length === 0 ? serialized : (scrub(serialized, parameters) as SerializedError);
}
