import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { parseScanEvent, verifyEventSignature } from '../../providers/wechat/index.js';
import type { WechatService } from './wechat.service.js';

// Outside /api and outside the contract: kept out of the OpenAPI document.
const NOT_IN_API_DOCS = { schema: { hide: true } };

/**
 * The official account's server URL (WECHAT_LOGIN=official): WeChat checks it with a GET that echoes `echostr`, then
 * pushes events as XML. Neither is an API call of the contract: no bearer token, no `sn`, plain-text answers.
 */
export async function wechatEventRoutes(app: FastifyInstance, options: { token: string; service: WechatService }) {
  const { token, service } = options;
  // Scoped to this plugin: XML is accepted here and nowhere else.
  app.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const verify = (request: FastifyRequest) => {
    if (!verifyEventSignature(token, request.query as Record<string, unknown>, Date.now())) {
      throw new AppError('forbidden');
    }
  };

  app.get('/wechat/event', NOT_IN_API_DOCS, async (request, reply) => {
    verify(request);
    const { echostr } = request.query as { echostr?: unknown };
    return reply.type('text/plain; charset=utf-8').send(typeof echostr === 'string' ? echostr : '');
  });

  app.post('/wechat/event', NOT_IN_API_DOCS, async (request, reply) => {
    verify(request);
    const event = parseScanEvent(typeof request.body === 'string' ? request.body : '');
    // WeChat retries a push it gets no 'success' for; a scan of an unknown or used scene is still handled.
    if (event) {
      await service.scan(event.sceneStr, event.openId, null);
    }
    return reply.type('text/plain; charset=utf-8').send('success');
  });
}
