import type { Readable } from 'node:stream';
import { translate } from '@suanli/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../jobs/clock.js';
import { LocalObjectStore, type ObjectStore } from '../../providers/object-store/index.js';
import { openObject, receiveObject } from './files.service.js';

const linkOf = (request: FastifyRequest) => ({
  key: (request.params as { '*': string })['*'],
  query: request.query as Record<string, unknown>,
});

/**
 * The embedded object store's links (ARCHITECTURE §7): raw routes outside the endpoint table, because the signature
 * in the link is the whole authorization, as with an S3 presigned URL; no token, no `sn`. With a real S3 store the
 * browser talks to S3 and these routes do not exist.
 */
export const filesRoutes = (store: ObjectStore, clock: Clock) => async (app: FastifyInstance) => {
  if (!(store instanceof LocalObjectStore)) {
    return;
  }
  // Parsers are scoped to this plugin: the body reaches the handler as the raw stream, whatever its type, so the
  // handler can answer 415 in the envelope and enforce each link's own size limit while streaming to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put('/api/objects/*', async (request, reply) => {
    const data = await receiveObject(store, linkOf(request), {
      contentType: request.headers['content-type'],
      contentLength: request.headers['content-length'],
      body: request.body as Readable | undefined,
    });
    if ('etag' in data) {
      void reply.header('etag', `"${data.etag}"`);
    }
    return { code: 200, msg: translate(request.locale, 'errors.ok'), data };
  });
  // A refused body may still be arriving: closing the connection after the answer spares reading the rest of it and
  // keeps the client from queueing its next request behind it.
  app.addHook('onError', async (request, reply) => {
    if (request.method === 'PUT') {
      reply.header('connection', 'close');
    }
  });

  // Served as stored: objects are archives, images and weights, which gzip on the fly would spend a core on for nothing.
  app.get('/api/objects/*', { compress: false }, async (request, reply) => {
    const object = await openObject({ store, clock }, linkOf(request));
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('content-disposition', object.disposition)
      .header('cache-control', `private, max-age=${object.maxAgeSeconds}`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(object.stream);
  });
};
