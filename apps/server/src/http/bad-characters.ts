import { hasForbiddenCharacter, translate } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import { issueField } from './validation-message.js';

type Path = (string | number)[];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The path of the first string holding a forbidden character, in document order, or null. Iterative, so that a
 * deeply nested body cannot exhaust the stack; only parsed JSON, query and params are walked, never a raw stream.
 */
function findForbiddenString(root: unknown): Path | null {
  const pending: { value: unknown; path: Path }[] = [{ value: root, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) {
        return path;
      }
      continue;
    }
    const entries = Array.isArray(value)
      ? value.map((item, index) => [index, item] as const)
      : isPlainObject(value)
        ? Object.entries(value)
        : [];
    for (const [key, item] of entries.reverse()) {
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

const PARTS = ['body', 'querystring', 'params'] as const;
// Printable ASCII but `%`: a URL spelled only with these cannot spell a forbidden character in its path or query,
// which are then not walked (most requests: the walk's copies and arrays cost more than the rest of this hook).
const PLAIN_URL = /^[!-$&-~]*$/;
// The router hands params over as an object of its own making, copied into a plain one so that it is walked too.
const valueOf = (request: FastifyRequest, part: (typeof PARTS)[number]) =>
  part === 'querystring' ? request.query : part === 'params' ? { ...(request.params as object) } : request.body;

/** Refuses the request when its body, query or path holds a forbidden character, naming the field. */
async function refuseForbiddenCharacters(request: FastifyRequest) {
  for (const part of PLAIN_URL.test(request.url) ? (['body'] as const) : PARTS) {
    const value = valueOf(request, part);
    const path = isPlainObject(value) || Array.isArray(value) ? findForbiddenString(value) : null;
    if (path) {
      const field = issueField({ path }, part);
      const reason = translate(request.locale, 'validation.badCharacter');
      throw new AppError('validation', { messageKey: 'errors.validation', params: { field, reason }, field });
    }
  }
}

/**
 * Refuses, before any handler or validation runs, a request whose body, query or path holds U+0000, a lone surrogate
 * or a bidirectional control (issue 7): PostgreSQL refuses U+0000 in text, and the others make a name shown to other
 * people lie. One rule for every field of every route registered after it. Added to each route rather than as a hook
 * of the instance, which would reach the fronts registered before (the gateway, the application proxy) too: what they
 * forward is for the application to judge.
 */
export const badCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const earlier = route.preValidation ?? [];
      route.preValidation = [...(Array.isArray(earlier) ? earlier : [earlier]), refuseForbiddenCharacters];
    });
  },
  { name: 'bad-characters', dependencies: ['locale', 'error-handler'] },
);
