import type { EndpointDefinition } from '../endpoint.js';
import * as apiOpen from './api-open.js';
import * as applications from './applications.js';
import * as auth from './auth.js';
import * as catalogue from './catalogue.js';
import * as dashboard from './dashboard.js';
import * as catalogueDesk from './catalogue-desk.js';
import * as dev from './dev.js';
import * as feedback from './feedback.js';
import * as files from './files.js';
import * as fleet from './fleet.js';
import * as inventory from './inventory.js';
import * as invites from './invites.js';
import * as invoices from './invoices.js';
import * as models from './models.js';
import * as notices from './notices.js';
import * as operators from './operators.js';
import * as partners from './partners.js';
import * as power from './power.js';
import * as pricing from './pricing.js';
import * as realName from './real-name.js';
import * as recharge from './recharge.js';
import * as redeem from './redeem.js';
import * as site from './site.js';
import * as system from './system.js';
import * as userImages from './user-images.js';
import * as users from './users.js';
import * as usersDesk from './users-desk.js';
import * as vouchers from './vouchers.js';
import * as wallet from './wallet.js';
import * as wechat from './wechat.js';
import * as workspaceTransfers from './workspace-transfers.js';

export {
  apiOpen,
  applications,
  auth,
  catalogue,
  dashboard,
  catalogueDesk,
  dev,
  feedback,
  files,
  fleet,
  inventory,
  invites,
  invoices,
  models,
  notices,
  operators,
  partners,
  power,
  pricing,
  realName,
  recharge,
  redeem,
  site,
  system,
  userImages,
  users,
  usersDesk,
  vouchers,
  wallet,
  wechat,
  workspaceTransfers,
};

const isEndpoint = (value: unknown): value is { id: string; method: string; path: string } =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'id' in value;

/** Every endpoint of the API, each declared once; the server registers routes and OpenAPI from this list. */
export const ENDPOINTS = [
  system,
  site,
  dev,
  auth,
  users,
  operators,
  wechat,
  realName,
  files,
  notices,
  wallet,
  recharge,
  redeem,
  vouchers,
  invites,
  pricing,
  power,
  catalogue,
  applications,
  userImages,
  workspaceTransfers,
  models,
  inventory,
  fleet,
  feedback,
  partners,
  invoices,
  apiOpen,
  usersDesk,
  dashboard,
  catalogueDesk,
].flatMap((area) => Object.values(area).filter(isEndpoint)) as EndpointDefinition[];
