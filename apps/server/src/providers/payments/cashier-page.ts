import { escapeHtml, renderSandboxShell } from '../sandbox-page.js';

export interface CashierPage {
  lang: string;
  orderNo: string;
  /** Shown as given: the amount in yuan, the channel's name, the expiry in the reader's language. */
  amount: string;
  channel: string;
  expires: string;
  /** Translates a key of the `recharge.cashierPage` catalogue group. */
  text: (key: string) => string;
}

/** The sandbox cashier a recharge QR opens; its behaviour lives in CASHIER_PAGE_SCRIPT. */
export function renderCashierPage(page: CashierPage): string {
  const t = (key: string) => escapeHtml(page.text(key));
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
  data-failed="${t('failed')}">
<button type="button" data-outcome="pay" data-testid="cashier-pay">${t('pay')}</button>
<button type="button" data-outcome="cancel" class="secondary" data-testid="cashier-cancel">${t('cancel')}</button>
</div>
<p id="cashier-result" data-testid="cashier-result" role="status"></p>`,
  });
}

/** Posts Pay or Cancel to POST /api/dev/payments/{orderNo}/{outcome} and shows the outcome. */
export const CASHIER_PAGE_SCRIPT = `'use strict';
(() => {
  const cashier = document.getElementById('cashier');
  const result = document.getElementById('cashier-result');
  const buttons = cashier.querySelectorAll('button');
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
        return;
      } else {
        show(body.data.status === 'pending' ? cashier.dataset.failed : cashier.dataset.cancelled, false);
        return;
      }
    } catch {
      show(cashier.dataset.failed, false);
    }
    buttons.forEach((each) => { each.disabled = false; });
  }));
})();
`;
