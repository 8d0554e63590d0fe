import { createComputeDriver } from './providers/compute/index.js';
import { createModelSource } from './providers/model-source/index.js';
import { createObjectStore } from './providers/object-store/index.js';
import { mailProvider } from './providers/mail/index.js';
import { paymentProvider } from './providers/payments/index.js';
import { realNameProvider } from './providers/real-name/index.js';
import { smsProvider } from './providers/sms/index.js';
import { wechatQrProvider } from './providers/wechat/index.js';
import { createApiOpenModule } from './modules/api-open/index.js';
import { createApplicationsModule } from './modules/applications/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createDashboardModule } from './modules/dashboard/index.js';
import { createFeedbackModule } from './modules/feedback/index.js';
import { createFilesModule } from './modules/files/index.js';
import { createInventoryModule } from './modules/inventory/index.js';
import { createInvitesModule } from './modules/invites/index.js';
import { createInvoicesModule } from './modules/invoices/index.js';
import { createModelsModule } from './modules/models/index.js';
import type { Module, Platform } from './platform.js';
import { createNoticesModule } from './modules/notices/index.js';
import { createOperatorsModule } from './modules/operators/index.js';
import { createOutboxModule } from './modules/outbox/index.js';
import { createPartnersModule } from './modules/partners/index.js';
import { createPointsPurse, createPowerModule } from './modules/power/index.js';
import { createRealNameModule } from './modules/real-name/index.js';
import { createRechargeModule } from './modules/recharge/index.js';
import { createRedeemModule } from './modules/redeem/index.js';
import { createSessionsModule } from './modules/sessions/index.js';
import { createSiteModule } from './modules/site/index.js';
import { createUsersModule } from './modules/users/index.js';
import { createUsersDeskModule } from './modules/users-desk/index.js';
import { createWalletModule } from './modules/wallet/index.js';
import { createWechatModule } from './modules/wechat/index.js';

// How long a link given to a copy Job stays valid: long enough for a large file on a slow disk.
const COPY_LINK_SECONDS = 6 * 60 * 60;

/**
 * Builds every provider and every product module once, in dependency order (docs/decisions/0006): a module receives
 * the services of the modules below it, so imports and calls point one way. Nothing else constructs a provider.
 */
export function composeModules(platform: Platform) {
  const { config, clock, log } = platform;
  const objectStore = createObjectStore(config, clock);

  const notices = createNoticesModule(platform);
  const outbox = createOutboxModule(platform);
  const users = createUsersModule({ ...platform, notices: notices.service, objectStore });
  const operators = createOperatorsModule({ ...platform, users: users.service });
  const sessions = createSessionsModule({ ...platform, users: users.service });
  const wechat = createWechatModule({
    ...platform,
    provider: wechatQrProvider(config, clock),
    users: users.service,
    sessions: sessions.service,
  });
  const auth = createAuthModule({
    ...platform,
    users: users.service,
    sessions: sessions.service,
    wechat: wechat.service,
    sms: smsProvider(config, { outbox: outbox.service, log }),
    mail: mailProvider(config, { outbox: outbox.service, log }),
  });
  const realName = createRealNameModule({
    ...platform,
    provider: realNameProvider(config, clock),
    users: users.service,
  });
  const site = createSiteModule(platform);
  const wallet = createWalletModule({ ...platform, users: users.service, points: createPointsPurse(platform) });
  const redeem = createRedeemModule({ ...platform, wallet: wallet.service });
  const invoices = createInvoicesModule({ ...platform, wallet: wallet.service, objectStore });
  const power = createPowerModule({ ...platform, wallet: wallet.service });
  const invites = createInvitesModule({
    ...platform,
    users: users.service,
    wallet: wallet.service,
    notices: notices.service,
  });
  const catalogue = createCatalogueModule({
    ...platform,
    operators: operators.service,
    users: users.service,
    wallet: wallet.service,
    objectStore,
  });
  const partners = createPartnersModule({
    ...platform,
    users: users.service,
    notices: notices.service,
    realName: realName.service,
    wallet: wallet.service,
    catalogue: catalogue.service,
  });
  const driver = createComputeDriver(config, { clock, objectStore });
  const inventory = createInventoryModule({
    ...platform,
    users: users.service,
    catalogue: catalogue.service,
    compute: driver,
  });
  const modelSource = createModelSource();
  const applications = createApplicationsModule({
    ...platform,
    driver,
    // What copies onto data disks read from (docs/decisions/0027): the cloud space's objects and the model center's files.
    sources: {
      objects: {
        open: async (key) => (await objectStore.open(key))?.stream ?? null,
        url: async (key) => (await objectStore.presignGet(key, COPY_LINK_SECONDS)).url,
      },
      models: modelSource,
    },
    users: users.service,
    catalogue: catalogue.service,
    inventory: inventory.service,
    wallet: wallet.service,
  });
  const files = createFilesModule({
    ...platform,
    objectStore,
    users: users.service,
    wallet: wallet.service,
    applications: applications.service,
  });
  const apiOpen = createApiOpenModule({
    ...platform,
    auth: auth.service,
    wallet: wallet.service,
    applications: applications.service,
    users: users.service,
  });
  const models = createModelsModule({ ...platform, source: modelSource, applications: applications.service });
  const feedback = createFeedbackModule({
    ...platform,
    objectStore,
    auth: auth.service,
    wallet: wallet.service,
    notices: notices.service,
  });
  const recharge = createRechargeModule({
    ...platform,
    provider: paymentProvider(config, clock),
    wallet: wallet.service,
    applications: applications.service,
  });
  const usersDesk = createUsersDeskModule({
    ...platform,
    users: users.service,
    sessions: sessions.service,
    wallet: wallet.service,
    realName: realName.service,
    operators: operators.service,
    applications: applications.service,
    recharge: recharge.service,
  });
  const dashboard = createDashboardModule({
    ...platform,
    users: users.service,
    wallet: wallet.service,
    inventory: inventory.service,
    applications: applications.service,
  });

  const modules: Module<unknown>[] = [
    notices,
    outbox,
    users,
    operators,
    sessions,
    wechat,
    auth,
    realName,
    files,
    site,
    wallet,
    recharge,
    redeem,
    invoices,
    power,
    invites,
    inventory,
    catalogue,
    partners,
    applications,
    apiOpen,
    models,
    feedback,
    usersDesk,
    dashboard,
  ];
  const services = {
    auth: auth.service,
    notices: notices.service,
    users: users.service,
    operators: operators.service,
    sessions: sessions.service,
    realName: realName.service,
    wechat: wechat.service,
    wallet: wallet.service,
    recharge: recharge.service,
    redeem: redeem.service,
    invoices: invoices.service,
    power: power.service,
    invites: invites.service,
    pricing: inventory.service.pricing,
    scheduler: inventory.service.scheduler,
    catalogue: catalogue.service,
    partners: partners.service,
    applications: applications.service,
    apiCredentials: apiOpen.service,
    models: models.service,
    cloudSpace: files.service,
  };
  return { modules, services };
}

export type Services = ReturnType<typeof composeModules>['services'];
