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

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

export interface SandboxPage {
  lang: string;
  sceneStr: string;
  /** The WeChat user id the form starts with; any other may be typed in. */
  openId: string;
  /** Translates a key of the `wechat.sandboxPage` catalogue group. */
  text: (key: string) => string;
}

/** The scan page. The CSP allows scripts from 'self' only, so its behaviour lives in SANDBOX_PAGE_SCRIPT. */
export function renderSandboxPage(page: SandboxPage): string {
  const t = (key: string) => escape(page.text(key));
  return `<!doctype html>
<html lang="${escape(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 24px; color: #1f2937; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; }
.badge { display: inline-block; background: #fef3c7; color: #92400e; border-radius: 4px; padding: 2px 8px; }
label { display: block; margin: 16px 0 4px; }
input { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #d1d5db; border-radius: 6px; }
button { margin-top: 20px; width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #07c160;
  color: #fff; font-size: 16px; cursor: pointer; }
button:disabled { opacity: 0.6; }
.ok { color: #047857; } .error { color: #b91c1c; }
</style>
</head>
<body>
<main>
<p class="badge" data-testid="sandbox-badge">${t('badge')}</p>
<h1>${t('title')}</h1>
<p>${t('intro')}</p>
<form id="sandbox-scan" data-scene="${escape(page.sceneStr)}" data-scanned="${t('scanned')}" data-failed="${t('failed')}">
<label for="open-id">${t('openIdLabel')}</label>
<input id="open-id" name="openId" data-testid="sandbox-open-id" value="${escape(page.openId)}" required maxlength="64">
<label for="nick-name">${t('nickNameLabel')}</label>
<input id="nick-name" name="nickName" data-testid="sandbox-nick-name" maxlength="40" placeholder="${t('nickNamePlaceholder')}">
<button type="submit" data-testid="sandbox-scan-button">${t('scanButton')}</button>
</form>
<p id="sandbox-result" data-testid="sandbox-scan-result" role="status"></p>
</main>
<script src="/wechat/sandbox/scan.js"></script>
</body>
</html>
`;
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
