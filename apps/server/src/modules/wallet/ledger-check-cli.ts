import { formatMoney, money } from '@suanli/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { countWallets, findLedgerMismatches } from './ledger.queries.js';

// `npm run ledger:check`: every wallet's balance must be the sum of its ledger entries, and its entries must chain
// (ARCHITECTURE §4). Reads DATABASE_URL, or the embedded database under DATA_DIR; exits 1 on any mismatch.
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const [mismatches, wallets] = await Promise.all([findLedgerMismatches(database.db), countWallets(database.db)]);
  await database.close();
  for (const wrong of mismatches) {
    console.error(
      `wallet ${wrong.walletId} (user ${wrong.userId}): balance ${formatMoney(money(wrong.balance), 2)}, ` +
        `entries add up to ${formatMoney(money(wrong.entriesSum), 2)}, ${wrong.brokenEntries} entries out of chain`,
    );
  }
  console.log(`${wallets} wallets checked, ${mismatches.length} with a ledger that does not match`);
  process.exitCode = mismatches.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
}
