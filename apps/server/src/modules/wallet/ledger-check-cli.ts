import { formatMoney, money } from '@suanli/contract';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { findLedgerMismatches, ledgerSize, type LedgerFinding } from './ledger-check.queries.js';

const unitsAsYuan = (units: bigint) => formatMoney(money(units), 2);

function describe(finding: LedgerFinding): string {
  switch (finding.kind) {
    case 'account':
      return (
        `${finding.accountKind} account ${finding.accountId} (user ${finding.userId}): balance ` +
        `${unitsAsYuan(finding.balance)}, entries add up to ${unitsAsYuan(finding.entriesSum)}, ` +
        `${finding.brokenEntries} entries out of chain`
      );
    case 'transfer':
      return `transfer ${finding.transferId}: entries sum to ${unitsAsYuan(finding.sum)}, not zero`;
    case 'negative':
      return `${finding.accountKind} account ${finding.accountId} (user ${finding.userId}) below zero: ${unitsAsYuan(finding.balance)}`;
    case 'vouchers':
      return (
        `vouchers account of user ${finding.userId}: ${unitsAsYuan(finding.balance)}, ` +
        `its vouchers hold ${unitsAsYuan(finding.vouchersHold)}`
      );
  }
}

// `npm run ledger:check` (docs/decisions/0023): every transfer sums to zero, every user account's balance is the sum
// of its entries and they chain, no user account is below zero, and each vouchers account holds what its vouchers
// hold. Reads DATABASE_URL, or the embedded database under DATA_DIR; exits 1 on any finding.
try {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const [findings, size] = [await findLedgerMismatches(database.db), await ledgerSize(database.db)];
  await database.close();
  for (const finding of findings) {
    console.error(describe(finding));
  }
  console.log(`${size.accounts} accounts and ${size.transfers} transfers checked, ${findings.length} findings`);
  process.exitCode = findings.length > 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
}
