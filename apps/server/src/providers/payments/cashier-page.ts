import { escapeHtml, renderSandboxShell } from '../sandbox-page.js';

export interface CashierPage {
  lang: string;
  orderNo: string;
  /** Shown as given: the amount in yuan, the channel's name, the expiry in the reader's language. */
  amount: string;
  channel: string;
  expires: string;
  /** A mobile-website order's way back to the console, taken once the payer paid or cancelled; none for a QR. */
  returnUrl?: string | undefined;
  /** Translates a key of the `recharge.cashierPage` catalogue group. */
  text: (key: string) => string;
}

/** The sandbox cashier a recharge QR opens; its behaviour lives in CASHIER_PAGE_SCRIPT. */
export function renderCashierPage(page: CashierPage): string {
  const t = (key: string) => escapeHtml(page.text(key));
  const returnTo = page.returnUrl ? ` data-return-url="${escapeHtml(page.returnUrl)}"` : '';
  return renderSandboxShell({
    lang: page.lang,
    title: t('title'),
    badge: t('badge'),
    scriptSrc: '/payments/sandbox/cashier.js',
    body: `<p>${t('intro')}</p>
<dl>
<dt>${t('orderNo')}</dt><dd data-testid="cashier-order-no">${escapeHtml(page.orderNo)}</dd>
<dt>${t('amount')}</dt><dd data-testid="cashier-amount">¥${escapeHtml(page.amount)}</dd>
<dt>${t('channel')}</dt><dd>${escapeHtml(page.channel)}</dd>
<dt>${t('expires')}</dt><dd>${escapeHtml(page.expires)}</dd>
</dl>
<div id="cashier" data-order-no="${escapeHtml(page.orderNo)}" data-paid="${t('paid')}" data-cancelled="${t('cancelled')}"
  data-failed="${t('failed')}"${returnTo}>
<button type="button" data-outcome="pay" data-testid="cashier-pay">${t('pay')}</button>
<button type="button" data-outcome="cancel" class="secondary" data-testid="cashier-cancel">${t('cancel')}</button>
</div>
<p id="cashier-result" data-testid="cashier-result" role="status"></p>`,
  });
}

/**
 * Posts Pay or Cancel to POST /api/dev/payments/{orderNo}/{outcome} and shows the outcome; a mobile-website order then
 * goes back to the console, as Alipay's page goes to return_url, after a moment to read the outcome.
 */
export const CASHIER_PAGE_SCRIPT = `'use strict';
(() => {
  const cashier = document.getElementById('cashier');
  const result = document.getElementById('cashier-result');
  const buttons = cashier.querySelectorAll('button');
  const returnUrl = cashier.dataset.returnUrl;
  const goBack = () => {
    if (returnUrl) {
      setTimeout(() => window.location.assign(returnUrl), 1000);
    }
  };
  const show = (message, ok) => {
    result.textContent = message;
    result.className = ok ? 'ok' : 'error';
  };
  buttons.forEach((button) => button.addEventListener('click', async () => {
    buttons.forEach((each) => { each.disabled = true; });
    const outcome = button.dataset.outcome;
    try {
      const response = await fetch('/api/dev/payments/' + encodeURIComponent(cashier.dataset.orderNo) + '/' + outcome, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = await response.json();
      if (body.code !== 200) {
        show(body.msg, false);
      } else if (body.data.status === 'paid') {
        show(cashier.dataset.paid, true);
        goBack();
        return;
      } else {
        const ended = body.data.status !== 'pending';
        show(ended ? cashier.dataset.cancelled : cashier.dataset.failed, false);
        if (ended) {
          goBack();
        }
        return;
      }
    } catch {
      show(cashier.dataset.failed, false);
    }
    buttons.forEach((each) => { each.disabled = false; });
  }));
})();
`;
