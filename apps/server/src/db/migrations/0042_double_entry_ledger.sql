-- before-expand-contract: wallets becomes ledger_accounts, ledger_entries.wallet_id becomes account_id and
-- ledger_accounts.consumption_units moves back to users, all in this one step, while one process ran Suanli; under
-- expand and contract each would be a new table or column now and a drop in a later migration (src/db/README.md).
-- A double-entry ledger (issue 20 §2, docs/decisions/0023): every money movement is a transfer between accounts whose
-- entries sum to zero. A user's wallet becomes their spendable-balance account; each user may also hold a vouchers
-- account (what their vouchers hold), and later earnings and held accounts; the platform's accounts are revenue per
-- product, voucher liability, promotions, refunds, fees and each payment provider's clearing.
--
-- A user's account keeps its balance on its row, changed only with the row locked, and each entry the balance it
-- left (balance_after), so its entries chain. A platform account is on the other side of almost every transfer: a
-- balance kept on its row would make every charge of every user wait for the one before, so it keeps none (0), and
-- its balance is the sum of its entries, read when needed.
ALTER TABLE wallets RENAME TO ledger_accounts;
ALTER TABLE ledger_accounts RENAME CONSTRAINT wallets_pkey TO ledger_accounts_pkey;
ALTER TABLE ledger_accounts DROP CONSTRAINT wallets_user_id_key;
ALTER TABLE ledger_accounts ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE ledger_accounts ADD COLUMN kind text NOT NULL DEFAULT 'balance';
ALTER TABLE ledger_accounts ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner_kind UNIQUE NULLS NOT DISTINCT (user_id, kind);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind CHECK (
  CASE WHEN user_id IS NULL
    THEN kind IN ('revenue.gpu', 'revenue.disk', 'revenue.cloudSpace', 'revenue.image', 'revenue.api',
                  'revenue.power', 'vouchers.liability', 'promotions', 'refunds', 'fees', 'clearing.wechat',
                  'clearing.alipay', 'clearing.bank') AND balance = 0
    ELSE kind IN ('balance', 'vouchers', 'earnings', 'held') END);

INSERT INTO ledger_accounts (user_id, kind)
SELECT NULL, kind FROM unnest(ARRAY[
  'revenue.gpu', 'revenue.disk', 'revenue.cloudSpace', 'revenue.image', 'revenue.api', 'revenue.power',
  'vouchers.liability', 'promotions', 'refunds', 'fees', 'clearing.wechat', 'clearing.alipay', 'clearing.bank']) AS kind;

-- VIP growth is the users module's, counted from 'consumption.posted' events (users.vip-growth), no longer a step of
-- the charge's statement: the consumption it counts moves with it.
ALTER TABLE users ADD COLUMN consumption_units bigint NOT NULL DEFAULT 0 CHECK (consumption_units >= 0);
UPDATE users u SET consumption_units = a.consumption_units FROM ledger_accounts a WHERE a.user_id = u.id;
ALTER TABLE ledger_accounts DROP COLUMN consumption_units;

-- What balance accounts paid for charges since it was last published as 'consumption.posted' events (the wallet's
-- minute job): a charge counts it in the UPDATE it makes anyway, where an event row of its own would slow it.
ALTER TABLE ledger_accounts
  ADD COLUMN unpublished_consumption bigint NOT NULL DEFAULT 0 CHECK (unpublished_consumption >= 0);

-- Entries. Each row moves one user's account by balance_change (their statement's line when it is their balance
-- account: amount is then the whole transaction, a charge of 10 that vouchers paid 3 of reading amount -10, change -7).
-- A row with a counter account is a whole transfer of two legs, as TigerBeetle's transfers are: the user's account
-- moves by balance_change and the platform's counter account by its opposite, so it sums to zero by construction and a
-- charge stays one row. Rows without one (a transfer between two users) share a transfer_id and sum to zero together.
-- A platform account's balance is minus the sum of balance_change over the rows it is the counter of.
ALTER TABLE ledger_entries RENAME COLUMN wallet_id TO account_id;
ALTER TABLE ledger_entries ADD COLUMN account_kind text NOT NULL DEFAULT 'balance';
ALTER TABLE ledger_entries ALTER COLUMN account_kind DROP DEFAULT;
-- The counter account is named by its kind, which is unique among the platform's accounts: a foreign key to its row
-- would take a KEY SHARE lock on the one row every concurrent charge names (a multixact they all share), and a lookup
-- of its id would be one more step of every charge.
ALTER TABLE ledger_entries ADD COLUMN counter_kind text CHECK (counter_kind IN (
  'revenue.gpu', 'revenue.disk', 'revenue.cloudSpace', 'revenue.image', 'revenue.api', 'revenue.power',
  'vouchers.liability', 'promotions', 'refunds', 'fees', 'clearing.wechat', 'clearing.alipay', 'clearing.bank'));
ALTER TABLE ledger_entries ADD COLUMN transfer_id bigint;

-- The other side of each entry so far: the platform account its transaction type pays or is paid by (a recharge's
-- channel from its order); a transfer between users has none, and its two entries share a transfer.
CREATE TEMPORARY TABLE counter_accounts (transaction_type text PRIMARY KEY, kind text NOT NULL) ON COMMIT DROP;
INSERT INTO counter_accounts VALUES
  ('appOrder', 'revenue.gpu'), ('dataDiskExpansion', 'revenue.disk'), ('dataStorage', 'revenue.cloudSpace'),
  ('mirrorStorage', 'revenue.image'), ('onlineGeneration', 'revenue.api'), ('powerPointByBalance', 'revenue.power'),
  ('powerPackageExpired', 'revenue.power'), ('giftPackage', 'promotions'), ('redeem', 'promotions'),
  ('refund', 'refunds'), ('refundFee', 'fees'), ('voucherGrant', 'vouchers.liability'),
  ('voucherExpiry', 'vouchers.liability');

UPDATE ledger_entries e SET counter_kind = coalesce(c.kind, 'clearing.' || coalesce(r.channel, 'bank'))
FROM ledger_entries e2
LEFT JOIN counter_accounts c ON c.transaction_type = e2.transaction_type
LEFT JOIN recharge_orders r ON e2.transaction_type = 'recharge' AND r.order_no = e2.order_no
WHERE e2.id = e.id AND e2.transaction_type NOT IN ('transferIn', 'transferOut');

UPDATE ledger_entries e SET transfer_id = pair.first_id
FROM (SELECT order_no, min(id) AS first_id FROM ledger_entries
      WHERE transaction_type IN ('transferIn', 'transferOut') GROUP BY order_no) pair
WHERE e.order_no = pair.order_no AND e.transaction_type IN ('transferIn', 'transferOut');
CREATE SEQUENCE ledger_transfer_ids;
SELECT setval('ledger_transfer_ids', coalesce((SELECT max(id) FROM ledger_entries), 0) + 1, false);

-- Each user's vouchers account, rebuilt from what happened: every voucher granted from the voucher liability, the part
-- of each charge, refund and fee that vouchers paid or got back (amount - balance_change of its entry, with the same
-- counter account), and what was left on each voucher that has ended unspent, given back to the liability. Grants
-- first, then the rest in the order it happened, so that the chain never dips below zero.
CREATE TEMPORARY TABLE voucher_history ON COMMIT DROP AS
SELECT user_id, 0 AS phase, created_at AS at, id AS seq, face_amount AS change, 'voucherGrant' AS transaction_type,
       'V' || id AS order_no
FROM vouchers
UNION ALL
SELECT user_id, 1, created_at, id, amount - balance_change, transaction_type, order_no
FROM ledger_entries
WHERE amount <> balance_change AND transaction_type NOT IN ('transferIn', 'transferOut')
UNION ALL
SELECT user_id, 1, expires_at, id, -balance, 'voucherExpiry', 'V' || id
FROM vouchers
WHERE status = 'invalid' AND balance > 0;

INSERT INTO ledger_accounts (user_id, kind, balance)
SELECT user_id, 'vouchers', sum(change) FROM voucher_history GROUP BY user_id;

INSERT INTO ledger_entries
  (account_id, user_id, account_kind, counter_kind, order_no, transaction_type, amount, balance_change, balance_after,
   created_at)
SELECT a.id, h.user_id, 'vouchers', c.kind, h.order_no, h.transaction_type, h.change, h.change,
       sum(h.change) OVER (PARTITION BY h.user_id ORDER BY h.phase, h.at, h.seq), h.at
FROM voucher_history h
JOIN ledger_accounts a ON a.user_id = h.user_id AND a.kind = 'vouchers'
JOIN counter_accounts c ON c.transaction_type = h.transaction_type
ORDER BY h.user_id, h.phase, h.at, h.seq;

-- A statement reads the entries of one user's balance account; revenue by product reads the entries of a time range
-- (a BRIN index costs an insert nothing until its range is summarised); an account's chain, its own entries.
DROP INDEX ledger_entries_user_time;
CREATE INDEX ledger_entries_statement ON ledger_entries (user_id, created_at DESC, id DESC)
  WHERE account_kind = 'balance';
CREATE INDEX ledger_entries_time ON ledger_entries USING brin (created_at);
ALTER INDEX ledger_entries_wallet RENAME TO ledger_entries_account;
