import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

// Debian's Chromium with the flags this machine needs (DEVELOPERS.md); never a browser downloaded by a tool.
// Playwright gives each launch a fresh, empty profile of its own.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

export async function openBrowser(options: { locale?: string } = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: FLAGS,
  });
  const context = await browser.newContext({ locale: options.locale ?? 'zh-CN' });
  const page = await context.newPage();
  return { browser, context, page, baseUrl: inject('baseUrl'), close: () => browser.close() };
}
