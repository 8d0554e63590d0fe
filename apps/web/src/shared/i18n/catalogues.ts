import { CONTRACT_MESSAGES, type Locale } from '@suanli/contract';

export type Catalogue = Record<string, unknown>;

/**
 * Namespaces of pages no guest opens, which their feature adds when its code loads (addNamespace), so that the first
 * load of the guest pages does not carry them. Each is also left out of the glob below.
 */
export const FEATURE_NAMESPACES = [
  'applications',
  'adminConsole',
  'adminSupport',
  'adminFinance',
  'adminFleet',
  'adminUsers',
  'adminCatalogue',
] as const;

// Every other JSON file under locales/<locale>/ is a namespace named after the file, so a feature adds its strings by
// adding one file per language and nothing here changes.
const files = import.meta.glob<Catalogue>(
  [
    './locales/*/*.json',
    '!./locales/*/applications.json',
    '!./locales/*/adminConsole.json',
    '!./locales/*/adminSupport.json',
    '!./locales/*/adminFinance.json',
    '!./locales/*/adminFleet.json',
    '!./locales/*/adminUsers.json',
    '!./locales/*/adminCatalogue.json',
  ],
  { eager: true, import: 'default' },
);

function namespacesOf(locale: Locale): Record<string, Catalogue> {
  const prefix = `./locales/${locale}/`;
  const entries = Object.entries(files)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, catalogue]) => [path.slice(prefix.length, -'.json'.length), catalogue] as const);
  return Object.fromEntries(entries);
}

/** i18next resources: the console's own namespaces plus the contract's catalogue as namespace `contract`. */
export const RESOURCES: Record<Locale, Record<string, Catalogue>> = {
  'zh-CN': { ...namespacesOf('zh-CN'), contract: CONTRACT_MESSAGES['zh-CN'] },
  'en-US': { ...namespacesOf('en-US'), contract: CONTRACT_MESSAGES['en-US'] },
};

export const NAMESPACES = Object.keys(RESOURCES['zh-CN']);
