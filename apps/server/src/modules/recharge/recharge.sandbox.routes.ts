import { dev, formatMoney, PaymentChannel, translate } from '@suanli/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoints.js';
import { CASHIER_PAGE_SCRIPT, renderCashierPage, type SandboxCashier } from '../../providers/payments/index.js';
import type { RechargeService } from './recharge.service.js';

// Outside /api and outside the contract: kept out of the OpenAPI document.
const NOT_IN_API_DOCS = { schema: { hide: true } };
const ORDER_NO = /^R\d{20}$/;

/**
 * The sandbox cashier (DEV_TOOLS only, ARCHITECTURE §7, §9): the page a recharge QR opens, and the endpoint its Pay
 * and Cancel call. Pay reaches the order through `credit`, the path a real provider's notification takes.
 */
export async function rechargeSandboxRoutes(
  app: FastifyInstance,
  { service, cashier }: { service: RechargeService; cashier: SandboxCashier },
) {
  app.get('/payments/sandbox/cashier', NOT_IN_API_DOCS, async (request, reply) => {
    const { orderNo } = request.query as { orderNo?: unknown };
    const text = (key: string) => translate(request.locale, `recharge.cashierPage.${key}`);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const order = typeof orderNo === 'string' && ORDER_NO.test(orderNo) ? await service.order(orderNo) : null;
    // A bank transfer has no QR to pay at a cashier.
    if (!order?.expiresAt) {
      return reply.code(404).send(`<!doctype html><p>${text('invalidOrder')}</p>`);
    }
    return reply.send(
      renderCashierPage({
        lang: request.locale,
        orderNo: order.orderNo,
        amount: formatMoney(order.amount),
        channel: translate(request.locale, PaymentChannel.labelKey(order.channel)),
        expires: order.expiresAt.toLocaleString(request.locale, { timeZone: 'Asia/Shanghai' }),
        returnUrl: cashier.returnUrlOf(order.orderNo),
        text,
      }),
    );
  });

  app.get('/payments/sandbox/cashier.js', NOT_IN_API_DOCS, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CASHIER_PAGE_SCRIPT);
  });

  route(app, dev.settleSandboxPayment, async ({ params, body }) => {
    const order = await service.order(params.orderNo);
    if (!order?.expiresAt || order.channel === 'bank') {
      throw new AppError('notFound', { messageKey: 'recharge.orderNotFound', field: 'orderNo' });
    }
    if (params.outcome === 'pay') {
      const trade = cashier.pay({ orderNo: order.orderNo, channel: order.channel, amount: order.amount });
      if (trade.state === 'paid' && (body?.notify ?? true)) {
        await service.credit({ orderNo: order.orderNo, tradeNo: trade.tradeNo, amount: trade.amount }, 'notification');
      }
    } else if (cashier.cancel({ orderNo: order.orderNo }).state !== 'paid') {
      await service.closeUnpaid(order.orderNo);
    }
    return { status: await service.statusOf(order.orderNo) };
  });
}
