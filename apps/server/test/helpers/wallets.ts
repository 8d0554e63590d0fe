import { money, parseMoney } from '@suanli/contract';
import type { UserId } from '../../src/db/ids.js';
import type { Arrange } from './factories.js';

/**
 * Credits a wallet through the ledger, as a paid recharge would (one entry, the wallet row locked), with an amount in
 * yuan text: `await fund(t, userId, '100')`.
 */
export async function fund({ db, services }: Arrange, userId: UserId, yuan: string) {
  const amount = parseMoney(yuan) ?? money(0n);
  const orderNo = `TEST${userId}-${amount}-${Math.random().toString(36).slice(2, 10)}`;
  await services.wallet.post(db, [{ userId, transactionType: 'recharge', amount, orderNo }]);
}
