import { CONSOLE_MESSAGES, type Locale } from '@suanli/contract';

export type Catalogue = Record<string, unknown>;

/**
 * Namespaces of pages no guest opens, which their feature adds when its code loads (featureTranslation), so that the first
 * load of the guest pages does not carry them. Each is also left out of the glob below.
 */
export const FEATURE_NAMESPACES = [
  'applications',
  'partners',
  'power',
  'models',
  'invoices',
  'apiOpen',
  'feedback',
  'cloudSpace',
  'invites',
  'images',
  'wallet',
  'adminConsole',
  'adminSupport',
  'adminFinance',
  'adminFleet',
  'adminUsers',
  'adminDashboard',
  'adminCatalogue',
] as const;

// Every other JSON file under locales/<locale>/ is a namespace named after the file, so a feature adds its strings by
// adding one file per language and nothing here changes.
const files = import.meta.glob<Catalogue>(
  [
    './locales/*/*.json',
    '!./locales/*/applications.json',
    '!./locales/*/partners.json',
    '!./locales/*/power.json',
    '!./locales/*/models.json',
    '!./locales/*/invoices.json',
    '!./locales/*/apiOpen.json',
    '!./locales/*/feedback.json',
    '!./locales/*/cloudSpace.json',
    '!./locales/*/invites.json',
    '!./locales/*/images.json',
    '!./locales/*/wallet.json',
    '!./locales/*/adminConsole.json',
    '!./locales/*/adminSupport.json',
    '!./locales/*/adminFinance.json',
    '!./locales/*/adminFleet.json',
    '!./locales/*/adminUsers.json',
    '!./locales/*/adminDashboard.json',
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

/** i18next resources: the console's own namespaces plus the part of the contract's catalogue it speaks, as `contract`. */
export const RESOURCES: Record<Locale, Record<string, Catalogue>> = {
  'zh-CN': { ...namespacesOf('zh-CN'), contract: CONSOLE_MESSAGES['zh-CN'] },
  'en-US': { ...namespacesOf('en-US'), contract: CONSOLE_MESSAGES['en-US'] },
};

export const NAMESPACES = Object.keys(RESOURCES['zh-CN']);
