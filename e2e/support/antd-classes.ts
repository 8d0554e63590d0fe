import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext } from 'playwright-core';

const BINDING = '__suanliAntdClasses';
const CLASS_IN_CSS = /\.(ant-[\w-]+)/g;

function classesIn(css: string): Set<string> {
  return new Set([...css.matchAll(CLASS_IN_CSS)].map((match) => match[1]!));
}

/** The classes antd's whole stylesheet has rules for. */
const styledByAntd = classesIn(readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8'));

/** Per console: the classes antd has rules for that its stylesheet left out (vite-plugins/antd-styles.ts). */
const leftOutByConsole = new Map<string, Promise<Set<string>>>();

async function leftOut(baseUrl: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  if (stylesheets.length === 0) {
    throw new Error(`${baseUrl}/ links no stylesheet`);
  }
  const served = new Set<string>();
  for (const href of stylesheets) {
    classesIn(await (await fetch(new URL(href, baseUrl))).text()).forEach((name) => served.add(name));
  }
  return new Set([...styledByAntd].filter((name) => !served.has(name)));
}

/**
 * Every antd class (`ant-…`) the console puts on an element during a journey, from the first byte of each page to the
 * last: the prerendered HTML, each render, the dialogs and popups that come and go. The console's build leaves out the
 * rules of antd's components it never renders; `check` fails the journey if it rendered one after all, which would
 * show unstyled.
 */
export async function trackAntdClasses(context: BrowserContext, baseUrl: string) {
  if (!leftOutByConsole.has(baseUrl)) {
    const reading = leftOut(baseUrl);
    // Read now, while the console is surely up; a failure is the check's to report.
    reading.catch(() => undefined);
    leftOutByConsole.set(baseUrl, reading);
  }
  const drawn = new Set<string>();
  await context.exposeBinding(BINDING, (_source, names: string[]) => names.forEach((name) => drawn.add(name)));
  await context.addInitScript((binding) => {
    const reported = new Set<string>();
    const report = (names: string[]) => (window[binding as keyof Window] as (names: string[]) => Promise<void>)(names);
    const fresh: string[] = [];
    const collect = (element: Element) => {
      for (const name of Array.from(element.classList)) {
        if (name.startsWith('ant-') && !reported.has(name)) {
          reported.add(name);
          fresh.push(name);
        }
      }
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') {
          collect(record.target as Element);
        }
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof Element) {
            collect(node);
            node.querySelectorAll('[class*="ant-"]').forEach(collect);
          }
        }
      }
      if (fresh.length > 0) {
        void report(fresh.splice(0)).catch(() => undefined);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }, BINDING);
  return {
    async check(): Promise<void> {
      const left = await leftOutByConsole.get(baseUrl)!;
      const unstyled = [...drawn].filter((name) => left.has(name));
      if (unstyled.length > 0) {
        throw new Error(
          `the console drew antd classes whose rules its stylesheet left out: ${unstyled.sort().join(', ')}`,
        );
      }
    },
  };
}
