import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An answer sent before the request's body has all arrived (a refusal by the `sn` check, the session, a limit, a
 * missing route) closes the connection once sent. Kept alive, it would wait for the rest of a body nobody reads,
 * holding the socket until the request timeout, or for ever from a client that never sends it.
 */
export const unreadBodyPlugin = fp(
  async (app: FastifyInstance) => {
    // An async hook, as max-params wants, that returns the payload as it came.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.raw.complete === false) {
        reply.header('connection', 'close');
      }
      return payload;
    });
  },
  { name: 'unread-body' },
);
