import type { Locale } from '@suanli/contract';

/** The help center's pages, in the order of its navigation; each is `docs/<locale>/<slug>.md`. */
export const HELP_DOCS = [
  'getting-started',
  'billing',
  'images-and-data',
  'invoices',
  'faq',
  'user-agreement',
  'privacy-policy',
] as const;

export type HelpDoc = (typeof HELP_DOCS)[number];

export const DEFAULT_DOC: HelpDoc = 'getting-started';

export function isHelpDoc(slug: string | undefined): slug is HelpDoc {
  return (HELP_DOCS as readonly string[]).includes(slug ?? '');
}

// Each page is its own small chunk, fetched when it is opened, never with the console's first load.
const sources = import.meta.glob<string>('./docs/*/*.md', { query: '?raw', import: 'default' });

/** The Markdown of one page in one language. */
export function loadDoc(locale: Locale, doc: HelpDoc): Promise<string> {
  const load = sources[`./docs/${locale}/${doc}.md`];
  if (!load) {
    return Promise.reject(new Error(`no help page ${locale}/${doc}`));
  }
  return load();
}
