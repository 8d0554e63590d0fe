import { ENDPOINTS, pickLocale, translate } from '@suanli/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

const decodes = (segment: string) => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

/**
 * The path parameter whose escapes are not UTF-8, named as the endpoint table names it. The router gives up on such a
 * path before any route runs, so the endpoint is found here by matching the path against the table.
 */
function undecodableParameter(method: string, url: string): string | undefined {
  const segments = url.split('?')[0]!.split('/');
  for (const endpoint of ENDPOINTS) {
    const pattern = `/api${endpoint.path}`.split('/');
    const matches =
      endpoint.method === method &&
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
    const bad = matches ? pattern.find((part, index) => part.startsWith(':') && !decodes(segments[index]!)) : undefined;
    if (bad) {
      return bad.slice(1);
    }
  }
  return undefined;
}

/**
 * The router's own refusals, in the envelope: a path whose escapes are not UTF-8 (the only way a lone surrogate can
 * travel in a path, refused like the bad-characters hook refuses it elsewhere) and a path parameter over the length
 * limit. No hook has run, so the language is read from the header here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale = pickLocale(request.headers['accept-language']);
  const data = { requestId: String(request.id) };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ code: 414, msg: translate(locale, 'errors.headersTooLarge'), data });
    return;
  }
  if (error.code !== 'FST_ERR_BAD_URL') {
    void reply.code(500).send({ code: 500, msg: translate(locale, 'errors.internal'), data });
    return;
  }
  const field = undecodableParameter(request.method, request.url);
  if (!field) {
    void reply.code(400).send({ code: 400, msg: translate(locale, 'errors.badRequest'), data });
    return;
  }
  const reason = translate(locale, 'validation.badCharacter');
  const msg = translate(locale, 'errors.validation', { field, reason });
  void reply.code(400).send({ code: 400, msg, data: { ...data, field } });
}
