import enApiOpen from './en-US/apiOpen.json' with { type: 'json' };
import enApplications from './en-US/applications.json' with { type: 'json' };
import enAuth from './en-US/auth.json' with { type: 'json' };
import enCatalogue from './en-US/catalogue.json' with { type: 'json' };
import enCatalogueDesk from './en-US/catalogueDesk.json' with { type: 'json' };
import enEnums from './en-US/enums.json' with { type: 'json' };
import enImages from './en-US/images.json' with { type: 'json' };
import enInventory from './en-US/inventory.json' with { type: 'json' };
import enInvoices from './en-US/invoices.json' with { type: 'json' };
import enModels from './en-US/models.json' with { type: 'json' };
import enErrors from './en-US/errors.json' with { type: 'json' };
import enFeedback from './en-US/feedback.json' with { type: 'json' };
import enFiles from './en-US/files.json' with { type: 'json' };
import enFleet from './en-US/fleet.json' with { type: 'json' };
import enNotices from './en-US/notices.json' with { type: 'json' };
import enOperators from './en-US/operators.json' with { type: 'json' };
import enPartners from './en-US/partners.json' with { type: 'json' };
import enPower from './en-US/power.json' with { type: 'json' };
import enRealName from './en-US/realName.json' with { type: 'json' };
import enRecharge from './en-US/recharge.json' with { type: 'json' };
import enTransfers from './en-US/transfers.json' with { type: 'json' };
import enUsers from './en-US/users.json' with { type: 'json' };
import enUsersDesk from './en-US/usersDesk.json' with { type: 'json' };
import enValidation from './en-US/validation.json' with { type: 'json' };
import enWallet from './en-US/wallet.json' with { type: 'json' };
import enWechat from './en-US/wechat.json' with { type: 'json' };
import enDashboard from './en-US/dashboard.json' with { type: 'json' };
import zhApiOpen from './zh-CN/apiOpen.json' with { type: 'json' };
import zhApplications from './zh-CN/applications.json' with { type: 'json' };
import zhAuth from './zh-CN/auth.json' with { type: 'json' };
import zhCatalogue from './zh-CN/catalogue.json' with { type: 'json' };
import zhCatalogueDesk from './zh-CN/catalogueDesk.json' with { type: 'json' };
import zhEnums from './zh-CN/enums.json' with { type: 'json' };
import zhImages from './zh-CN/images.json' with { type: 'json' };
import zhInventory from './zh-CN/inventory.json' with { type: 'json' };
import zhInvoices from './zh-CN/invoices.json' with { type: 'json' };
import zhModels from './zh-CN/models.json' with { type: 'json' };
import zhErrors from './zh-CN/errors.json' with { type: 'json' };
import zhFeedback from './zh-CN/feedback.json' with { type: 'json' };
import zhFiles from './zh-CN/files.json' with { type: 'json' };
import zhFleet from './zh-CN/fleet.json' with { type: 'json' };
import zhNotices from './zh-CN/notices.json' with { type: 'json' };
import zhOperators from './zh-CN/operators.json' with { type: 'json' };
import zhPartners from './zh-CN/partners.json' with { type: 'json' };
import zhPower from './zh-CN/power.json' with { type: 'json' };
import zhRealName from './zh-CN/realName.json' with { type: 'json' };
import zhRecharge from './zh-CN/recharge.json' with { type: 'json' };
import zhTransfers from './zh-CN/transfers.json' with { type: 'json' };
import zhUsers from './zh-CN/users.json' with { type: 'json' };
import zhUsersDesk from './zh-CN/usersDesk.json' with { type: 'json' };
import zhValidation from './zh-CN/validation.json' with { type: 'json' };
import zhWallet from './zh-CN/wallet.json' with { type: 'json' };
import zhWechat from './zh-CN/wechat.json' with { type: 'json' };
import zhDashboard from './zh-CN/dashboard.json' with { type: 'json' };

// One file per area and language, so each area's messages are edited in one place; keys are `<file>.<key>`.
// The console speaks the validation reasons, the enum labels and a few refusals itself (it checks before it asks);
// every other message reaches it already translated in the server's answer, so its first load carries only these.
export const CONSOLE_ZH_CN = {
  validation: zhValidation,
  enums: zhEnums,
  auth: zhAuth,
  users: zhUsers,
  wallet: zhWallet,
  applications: zhApplications,
  invoices: zhInvoices,
};

export const ZH_CN = {
  ...CONSOLE_ZH_CN,
  errors: zhErrors,
  wechat: zhWechat,
  realName: zhRealName,
  notices: zhNotices,
  operators: zhOperators,
  recharge: zhRecharge,
  power: zhPower,
  inventory: zhInventory,
  fleet: zhFleet,
  catalogue: zhCatalogue,
  images: zhImages,
  transfers: zhTransfers,
  models: zhModels,
  files: zhFiles,
  feedback: zhFeedback,
  partners: zhPartners,
  apiOpen: zhApiOpen,
  usersDesk: zhUsersDesk,
  dashboard: zhDashboard,
  catalogueDesk: zhCatalogueDesk,
};

export const CONSOLE_EN_US: typeof CONSOLE_ZH_CN = {
  validation: enValidation,
  enums: enEnums,
  auth: enAuth,
  users: enUsers,
  wallet: enWallet,
  applications: enApplications,
  invoices: enInvoices,
};

export const EN_US: typeof ZH_CN = {
  ...CONSOLE_EN_US,
  errors: enErrors,
  wechat: enWechat,
  realName: enRealName,
  notices: enNotices,
  operators: enOperators,
  recharge: enRecharge,
  power: enPower,
  inventory: enInventory,
  fleet: enFleet,
  catalogue: enCatalogue,
  images: enImages,
  transfers: enTransfers,
  models: enModels,
  files: enFiles,
  feedback: enFeedback,
  partners: enPartners,
  apiOpen: enApiOpen,
  usersDesk: enUsersDesk,
  dashboard: enDashboard,
  catalogueDesk: enCatalogueDesk,
};
