import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import {
  NOTIFY_PATHS,
  NotificationRefusedError,
  type LivePayments,
  type PaidNotice,
} from '../../providers/payments/index.js';
import type { RechargeService } from './recharge.service.js';

// For providers, not browsers: no session and no `sn` (neither is declared), not counted against the console's rate
// limit, and answered as each provider requires instead of in the envelope, which the contract cannot describe: so
// kept out of the API docs, as WeChat's event push is.
const FOR_PROVIDERS = { schema: { hide: true }, config: { rateLimit: false } };

interface NotifyOptions {
  service: RechargeService;
  payments: LivePayments;
}

/** Counts each notification by provider and outcome: received first, then credited, duplicate or refused. */
type Count = (outcome: 'received' | 'credited' | 'duplicate' | 'refused') => void;

/**
 * Whether the provider may stop delivering. A forged, altered, stale or foreign notification, or one credit refuses
 * (no such order, another amount, which credit logs), is a failure; a payment credited before is a success, so that
 * the provider's retries end.
 */
async function settle(
  request: FastifyRequest,
  { service, count }: { service: RechargeService; count: Count },
  verify: () => PaidNotice | null,
) {
  count('received');
  let notice: PaidNotice | null;
  try {
    notice = verify();
  } catch (error) {
    if (error instanceof NotificationRefusedError) {
      request.log.warn({ err: error }, 'payment notification refused');
      count('refused');
      return false;
    }
    throw error;
  }
  if (notice === null) {
    return true;
  }
  const outcome = await service.credit(notice, 'notification');
  count(outcome);
  return outcome !== 'refused';
}

// A refusal before the handler (a body too large, a forbidden character) keeps its 4xx; anything else is ours: 500.
const failureStatus = (error: FastifyError & { status?: number }) => {
  const status = error.statusCode ?? error.status ?? 500;
  return status >= 400 && status < 500 ? status : 500;
};

/** WeChat Pay (API v3): 204 when handled; otherwise a 4xx or 5xx with `{"code":"FAIL","message":…}`, and it retries. */
async function wechatPayNotifications(
  app: FastifyInstance,
  { service, payments, count }: NotifyOptions & { count: Count },
) {
  // Scoped to this plugin: the body stays the exact text WeChat Pay signed.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ code: 'FAIL', message });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.log.error({ err: error }, 'payment notification not handled');
    return fail(reply, failureStatus(error), 'not handled');
  });

  app.post(NOTIFY_PATHS.wechat, FOR_PROVIDERS, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const handled = await settle(request, { service, count }, () =>
      payments.wechatPay.verifyNotification(request.headers, body),
    );
    return handled ? reply.code(204).send() : fail(reply, 400, 'refused');
  });
}

/** Alipay: the plain text `success` when handled; anything else, here `failure`, and it retries. */
async function alipayNotifications(
  app: FastifyInstance,
  { service, payments, count }: NotifyOptions & { count: Count },
) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const answer = (reply: FastifyReply, status: number, text: 'success' | 'failure') =>
    reply.code(status).type('text/plain; charset=utf-8').send(text);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    request.log.error({ err: error }, 'payment notification not handled');
    return answer(reply, failureStatus(error), 'failure');
  });

  app.post(NOTIFY_PATHS.alipay, FOR_PROVIDERS, async (request, reply) => {
    const fields = (request.body ?? {}) as Record<string, string>;
    const handled = await settle(request, { service, count }, () => payments.alipay.verifyNotification(fields));
    return handled ? answer(reply, 200, 'success') : answer(reply, 400, 'failure');
  });
}

/** Where WeChat Pay and Alipay report payments (PAYMENTS=live); each is verified, then credited through `credit`. */
export async function rechargeNotifyRoutes(app: FastifyInstance, options: NotifyOptions) {
  // Per instance: each counts the notifications it answered (sum across instances).
  const notifications = new Counter({
    name: 'suanli_payment_notifications_total',
    help: 'Payment notifications by provider and outcome: received, then credited, duplicate or refused',
    labelNames: ['provider', 'outcome'],
    registers: [app.metrics],
  });
  const counter = (provider: string): Count => {
    // Each series starts at 0, so that rate() and increase() see the first refusal.
    for (const outcome of ['received', 'credited', 'duplicate', 'refused']) {
      notifications.inc({ provider, outcome }, 0);
    }
    return (outcome) => notifications.inc({ provider, outcome });
  };
  await app.register(wechatPayNotifications, { ...options, count: counter('wechat') });
  await app.register(alipayNotifications, { ...options, count: counter('alipay') });
}
