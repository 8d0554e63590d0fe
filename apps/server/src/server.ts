import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { logKeysReport, resolveKeys } from './secrets.js';
import { seedDevelopmentData } from './seed.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(env: NodeJS.ProcessEnv) {
  const { config, report } = await resolveKeys(loadConfig(env));
  const database = await openDatabase(config);
  await migrate(database);
  const app = await buildApp({ config, database });
  logKeysReport(app.log, report);
  if (config.runtime.devTools) {
    await seedDevelopmentData(database.db, app.services);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    // In-flight requests and the scheduler's current job finish first; the database closes last, cleanly.
    await app.close();
    await database.close();
    clearTimeout(timer);
    app.log.info('database closed; bye');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.http.host, port: config.http.port });
  if (config.jobs.scheduler) {
    app.scheduler.start(config.jobs.intervalMs);
    // An application just changed is reconciled at once, not at the scheduler's next minute.
    app.services.applications.reconcileOnChange();
  }
  const port = (app.server.address() as { port: number }).port;
  const engine = database.kind === 'pglite' ? `PGlite at ${config.runtime.dataDir}/db` : 'PostgreSQL';
  console.log(`\n  Suanli is serving the console and API on http://localhost:${port}  (${engine})\n`);
}

try {
  await main(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
