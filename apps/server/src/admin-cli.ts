import { OperatorArea } from '@suanli/contract';
import pino from 'pino';
import { composeModules } from './compose-modules.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { AppError } from './http/app-error.js';
import { systemClock } from './jobs/clock.js';
import { resolveKeys } from './secrets.js';

// `npm run admin -- grant <phone or e-mail> <area> [--reason <text>]`, `revoke …` and `list`: who may act in which
// area of the operations console (decision 0021), changed from the server's shell only, never through the API, so that
// the first administrator can be made. Works on DATABASE_URL, or on the embedded database under DATA_DIR while the
// server is stopped (PGlite is one process's). Each change writes its row of the audit log.
const USAGE =
  'usage: npm run admin -- grant <phone or e-mail> <area> [--reason <text>]\n' +
  '       npm run admin -- revoke <phone or e-mail> <area> [--reason <text>]\n' +
  '       npm run admin -- list\n' +
  `areas: ${OperatorArea.values.join(', ')}`;

class UsageError extends Error {}

type Operators = ReturnType<typeof composeModules>['services']['operators'];

async function run(operators: Operators, [command, account, area, flag, reason]: string[]) {
  if (command === 'list') {
    for (const operator of await operators.list()) {
      console.log(
        `user ${operator.userId} (${operator.account ?? 'no phone or e-mail'}): ${operator.areas.join(', ')}`,
      );
    }
    return;
  }
  const parsed = OperatorArea.schema.safeParse(area);
  if ((command !== 'grant' && command !== 'revoke') || !account || !parsed.success) {
    throw new UsageError(USAGE);
  }
  if (flag !== undefined && (flag !== '--reason' || !reason)) {
    throw new UsageError(USAGE);
  }
  const actor = { via: 'shell' as const, reason: reason ?? `npm run admin -- ${command}` };
  const { userId, changed } = await operators[command](account, parsed.data, actor);
  const done = command === 'grant' ? 'may now act in' : 'may no longer act in';
  const already = command === 'grant' ? 'already held' : 'did not hold';
  console.log(changed ? `user ${userId} ${done} ${parsed.data}` : `user ${userId} ${already} ${parsed.data}`);
}

try {
  const { config } = await resolveKeys(loadConfig(process.env));
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const platform = { config, db: database.db, listen: database.listen, clock: systemClock };
    const { modules, services } = composeModules({ ...platform, log: pino({ level: 'silent' }) });
    try {
      await run(services.operators, process.argv.slice(2));
    } finally {
      await Promise.all(modules.map((module) => module.close?.()));
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof AppError && error.code === 'notFound') {
    console.error('no account has that phone or e-mail');
    process.exitCode = 1;
  } else {
    console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
    process.exitCode = 2;
  }
}
