import { randomBytes } from 'node:crypto';
import { dev, translate } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoints.js';
import { renderSandboxPage, SANDBOX_PAGE_SCRIPT } from '../../providers/wechat/index.js';
import type { WechatService } from './wechat.service.js';

// Outside /api and outside the contract: kept out of the OpenAPI document.
const NOT_IN_API_DOCS = { schema: { hide: true } };

const SCENE = /^[A-Za-z0-9_-]{1,64}$/;

/** The sandbox "phone": the page a sandbox QR opens and the endpoint it calls (DEV_TOOLS only, ARCHITECTURE §9). */
export async function wechatSandboxRoutes(app: FastifyInstance, { service }: { service: WechatService }) {
  app.get('/wechat/sandbox/scan', NOT_IN_API_DOCS, async (request, reply) => {
    const { scene } = request.query as { scene?: unknown };
    const text = (key: string) => translate(request.locale, `wechat.sandboxPage.${key}`);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (typeof scene !== 'string' || !SCENE.test(scene)) {
      return reply.code(400).send(`<!doctype html><p>${text('invalidScene')}</p>`);
    }
    const openId = `sandbox-${randomBytes(6).toString('hex')}`;
    return reply.send(renderSandboxPage({ lang: request.locale, sceneStr: scene, openId, text }));
  });

  app.get('/wechat/sandbox/scan.js', NOT_IN_API_DOCS, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(SANDBOX_PAGE_SCRIPT);
  });

  route(app, dev.scanWechatSandbox, async ({ body }) => {
    const outcome = await service.scan(body.sceneStr, body.openId, body.nickName || null);
    if (outcome === 'taken') {
      throw new AppError('conflict', { messageKey: 'wechat.alreadyScanned' });
    }
    if (outcome === 'expired') {
      throw new AppError('conflict', { messageKey: 'wechat.qrExpired' });
    }
    return { status: 'scanned' as const };
  });
}
