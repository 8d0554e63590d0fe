import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, type Db } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import { listConsumers, listParked, replayFrom } from './operations.queries.js';

const USAGE = `usage: npm run events -- list
       npm run events -- parked [<consumer>]
       npm run events -- replay <consumer> --from <event id>`;

class UsageError extends Error {}

async function run(db: Db, args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { from: { type: 'string' } } });
  const [command, consumer] = positionals;
  if (command === 'list' && !consumer) {
    console.table(await listConsumers(db));
    return 0;
  }
  if (command === 'parked') {
    console.table(await listParked(db, consumer));
    return 0;
  }
  if (command === 'replay' && consumer && values.from && /^[1-9]\d*$/.test(values.from)) {
    const unparked = await inTransaction(db, (tx) => replayFrom(tx, consumer, BigInt(values.from!)));
    if (unparked === null) {
      console.error(`no consumer ${consumer}, or no event ${values.from}`);
      return 1;
    }
    console.log(`${consumer} replays from event ${values.from} (${unparked} un-parked); the server handles them next`);
    return 0;
  }
  throw new UsageError(USAGE);
}

// `npm run events -- …`: the operator's view of the event consumers (docs/decisions/0022), on the database of
// DATABASE_URL, or the embedded one under DATA_DIR (stop `npm start` first: PGlite is one process's).
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    process.exitCode = await run(database.db, process.argv.slice(2));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof UsageError ? error.message : error);
  process.exitCode = 2;
}
