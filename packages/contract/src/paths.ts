/**
 * `@suanli/contract/paths`: the contract without zod, for the console's bundle, where schemas would only weigh on the
 * first load. Everything here is plain data and functions; the endpoint tables (method and path) and the
 * enums' values and label keys are added to it by the console's build from the full contract
 * (apps/web/vite-plugins/contract-paths.ts), so they are declared once, in endpoints/ and enums.ts. A module of
 * index.ts that the console uses belongs here too when it has no zod: the console's build fails on a missing export.
 */
export * from './constants.js';
export * from './endpoint-paths.js';
export * from './enum-labels.js';
export * from './errors.js';
export * from './i18n/index.js';
export * from './id-number.js';
export * from './money.js';
export * from './patterns.js';
export * from './prerendered-pages.js';
export * from './profile-options.js';
export * from './sn.js';
export * from './workspace-paths.js';
