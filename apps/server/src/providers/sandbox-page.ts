const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

export interface SandboxShell {
  lang: string;
  /** Already escaped. */
  title: string;
  badge: string;
  /** The page's own markup, already escaped where it holds text. */
  body: string;
  /** Where the page's script is served: the CSP allows scripts from 'self' only, never inline. */
  scriptSrc: string;
}

/**
 * The frame every sandbox page shares (the WeChat "phone", the payment cashier): a small card marked as sandbox, so
 * nobody mistakes it for the real provider.
 */
export function renderSandboxShell(page: SandboxShell): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; padding: 24px; color: #1f2937; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 24px; }
.badge { display: inline-block; background: #fef3c7; color: #92400e; border-radius: 4px; padding: 2px 8px; }
label { display: block; margin: 16px 0 4px; }
input { width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #d1d5db; border-radius: 6px; }
button { margin-top: 20px; width: 100%; padding: 10px; border: 0; border-radius: 6px; background: #07c160;
  color: #fff; font-size: 16px; cursor: pointer; }
button.secondary { background: #e5e7eb; color: #1f2937; }
button:disabled { opacity: 0.6; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; } dt { color: #6b7280; } dd { margin: 0; }
.ok { color: #047857; } .error { color: #b91c1c; }
</style>
</head>
<body>
<main>
<p class="badge" data-testid="sandbox-badge">${page.badge}</p>
<h1>${page.title}</h1>
${page.body}
</main>
<script src="${escapeHtml(page.scriptSrc)}"></script>
</body>
</html>
`;
}
