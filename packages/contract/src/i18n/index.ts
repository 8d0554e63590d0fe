import type { Locale } from '../constants.js';
import { CONSOLE_EN_US, CONSOLE_ZH_CN, EN_US, ZH_CN } from './catalogue.js';

/** The contract's catalogue: server messages, validation reasons and enum labels, shared with the console. */
export const CONTRACT_MESSAGES: Record<Locale, typeof ZH_CN> = { 'zh-CN': ZH_CN, 'en-US': EN_US };

/** The part of the catalogue the console translates itself, as the namespace `contract` (catalogue.ts). */
export const CONSOLE_MESSAGES: Record<Locale, typeof CONSOLE_ZH_CN> = {
  'zh-CN': CONSOLE_ZH_CN,
  'en-US': CONSOLE_EN_US,
};

type Params = Record<string, string | number | bigint | undefined>;

function lookup(catalogue: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }, catalogue);
  return typeof value === 'string' ? value : undefined;
}

// The templates found so far, by language: the server translates the same few keys on every request (each answer's
// message, each notice of a list), and a walk down the catalogue costs more than the rest of a translation. Unknown
// keys are not kept, so that no input can grow it.
const FOUND: Record<Locale, Map<string, string>> = { 'zh-CN': new Map(), 'en-US': new Map() };
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function templateOf(locale: Locale, key: string): string {
  const kept = FOUND[locale].get(key);
  if (kept !== undefined) {
    return kept;
  }
  const template = lookup(CONTRACT_MESSAGES[locale], key) ?? lookup(CONTRACT_MESSAGES['zh-CN'], key);
  if (template === undefined) {
    return key;
  }
  FOUND[locale].set(key, template);
  return template;
}

/** Translates a catalogue key with i18next-style `{{name}}` placeholders; an unknown key comes back as it is. */
export function translate(locale: Locale, key: string, params: Params = {}): string {
  const template = templateOf(locale, key);
  return template.includes('{{')
    ? template.replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''))
    : template;
}

export function hasMessage(key: string): boolean {
  return lookup(CONTRACT_MESSAGES['zh-CN'], key) !== undefined;
}
