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

/** Translates a catalogue key with i18next-style `{{name}}` placeholders; an unknown key comes back as it is. */
export function translate(locale: Locale, key: string, params: Params = {}): string {
  const template = lookup(CONTRACT_MESSAGES[locale], key) ?? lookup(CONTRACT_MESSAGES['zh-CN'], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function hasMessage(key: string): boolean {
  return lookup(CONTRACT_MESSAGES['zh-CN'], key) !== undefined;
}
