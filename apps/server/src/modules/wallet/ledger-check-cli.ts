import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { describeFinding, findLedgerMismatches, ledgerSize } from './ledger-check.queries.js';

// `npm run ledger:check` (docs/decisions/0023): every transfer sums to zero, every user account's balance is the sum
// of its entries and they chain, no user account is below zero, and each vouchers account holds what its vouchers
// hold. Reads DATABASE_URL, or the embedded database under DATA_DIR; exits 1 on any finding.
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const [findings, size] = [await findLedgerMismatches(database.db), await ledgerSize(database.db)];
  await database.close();
  for (const finding of findings) {
    console.error(describeFinding(finding));
  }
  console.log(`${size.accounts} accounts and ${size.transfers} transfers checked, ${findings.length} findings`);
  process.exitCode = findings.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
}
