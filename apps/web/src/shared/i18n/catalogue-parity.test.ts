import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '@suanli/contract';
import { FEATURE_NAMESPACES, RESOURCES } from './catalogues';

const localesDir = join(import.meta.dirname, 'locales');

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) {
    return [prefix];
  }
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

function filesOf(locale: string): string[] {
  return readdirSync(join(localesDir, locale)).sort();
}

function catalogue(locale: string, file: string): unknown {
  return JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8'));
}

describe('the zh-CN and en-US catalogues', () => {
  it('hold the same namespace files', () => {
    expect(filesOf('en-US')).toEqual(filesOf('zh-CN'));
    expect(filesOf('zh-CN').length).toBeGreaterThan(0);
  });

  it.each(filesOf('zh-CN'))('have identical key sets in %s', (file) => {
    expect(keysOf(catalogue('en-US', file)).sort()).toEqual(keysOf(catalogue('zh-CN', file)).sort());
  });

  it('have no empty strings', () => {
    for (const locale of ['zh-CN', 'en-US']) {
      for (const file of filesOf(locale)) {
        const empty = keysOf(catalogue(locale, file)).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue(locale, file));
          return value === '';
        });
        expect(empty, `${locale}/${file}`).toEqual([]);
      }
    }
  });

  it('are all loaded into i18next, with the contract catalogue the console speaks as namespace contract', () => {
    const namespaces = filesOf('zh-CN').map((file) => file.replace(/\.json$/, ''));
    expect([...Object.keys(RESOURCES['en-US']), ...FEATURE_NAMESPACES].sort()).toEqual(
      [...namespaces, 'contract'].sort(),
    );
    expect(RESOURCES['zh-CN'].contract).toHaveProperty('validation.phone');
    expect(RESOURCES['en-US'].contract).toHaveProperty('enums');
  });

  it('address the user in Chinese as 您 throughout, never 你, the contract catalogue included', () => {
    const informal = (node: unknown, path: string): string[] =>
      typeof node === 'string'
        ? node.includes('你')
          ? [path]
          : []
        : Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => informal(value, `${path}.${key}`));
    expect(informal(RESOURCES['zh-CN'], 'zh-CN')).toEqual([]);
    expect(informal(CONTRACT_MESSAGES['zh-CN'], 'contract')).toEqual([]);
    for (const namespace of FEATURE_NAMESPACES) {
      expect(informal(catalogue('zh-CN', `${namespace}.json`), namespace)).toEqual([]);
    }
  });
});
