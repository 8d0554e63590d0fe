import { escapeHtml, renderSandboxShell } from '../sandbox-page.js';
import type { WechatQrProvider } from './types.js';

/**
 * The embedded default: the QR opens this server's own "scan" page, where a developer picks the WeChat user who
 * scans it (ARCHITECTURE §7, §9). The page and its endpoint exist only with DEV_TOOLS on.
 */
export function sandboxProvider(baseUrl: string): WechatQrProvider {
  return {
    sandbox: true,
    qrUrl: async (sceneStr) => `${baseUrl}/wechat/sandbox/scan?scene=${encodeURIComponent(sceneStr)}`,
  };
}

export interface SandboxPage {
  lang: string;
  sceneStr: string;
  /** The WeChat user id the form starts with; any other may be typed in. */
  openId: string;
  /** Translates a key of the `wechat.sandboxPage` catalogue group. */
  text: (key: string) => string;
}

/** The scan page; its behaviour lives in SANDBOX_PAGE_SCRIPT. */
export function renderSandboxPage(page: SandboxPage): string {
  const t = (key: string) => escapeHtml(page.text(key));
  return renderSandboxShell({
    lang: page.lang,
    title: t('title'),
    badge: t('badge'),
    scriptSrc: '/wechat/sandbox/scan.js',
    body: `<p>${t('intro')}</p>
<form id="sandbox-scan" data-scene="${escapeHtml(page.sceneStr)}" data-scanned="${t('scanned')}" data-failed="${t('failed')}">
<label for="open-id">${t('openIdLabel')}</label>
<input id="open-id" name="openId" data-testid="sandbox-open-id" value="${escapeHtml(page.openId)}" required maxlength="64">
<label for="nick-name">${t('nickNameLabel')}</label>
<input id="nick-name" name="nickName" data-testid="sandbox-nick-name" maxlength="40" placeholder="${t('nickNamePlaceholder')}">
<button type="submit" data-testid="sandbox-scan-button">${t('scanButton')}</button>
</form>
<p id="sandbox-result" data-testid="sandbox-scan-result" role="status"></p>`,
  });
}

/** Posts the scan to POST /api/dev/wechat/scan and shows the outcome (the server's message when refused). */
export const SANDBOX_PAGE_SCRIPT = `'use strict';
(() => {
  const form = document.getElementById('sandbox-scan');
  const result = document.getElementById('sandbox-result');
  const button = form.querySelector('button');
  const show = (message, ok) => {
    result.textContent = message;
    result.className = ok ? 'ok' : 'error';
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    const nickName = form.elements.nickName.value.trim();
    try {
      const response = await fetch('/api/dev/wechat/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          sceneStr: form.dataset.scene,
          openId: form.elements.openId.value.trim(),
          ...(nickName ? { nickName } : {}),
        }),
      });
      const body = await response.json();
      show(body.code === 200 ? form.dataset.scanned : body.msg, body.code === 200);
    } catch {
      show(form.dataset.failed, false);
    } finally {
      button.disabled = false;
    }
  });
})();
`;
