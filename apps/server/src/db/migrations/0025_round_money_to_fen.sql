-- Whole fen (issue 19 §3, docs/decisions/0019): every posting, price and bill line is now a whole 0.01 yuan. Amounts
-- written before were not always (per-minute charges carried 0.0001 yuan, discounted prices kept four decimals), so
-- this rounds what is stored, in the user's favour, and keeps every value it changes in sub_fen_roundings.
--
-- Ledger: each wallet's entries are rewritten in the order they were written. The balance after each entry rises to
-- the next whole fen (never below what the user had at that moment); its balance change is the difference from the
-- entry before, so the chain still holds and the wallet still equals the sum of its entries; its amount is that
-- change plus what vouchers paid of it, rounded half-up. The wallet's balance rises to the next whole fen with it.
CREATE TABLE sub_fen_roundings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  table_name text NOT NULL,
  row_id bigint NOT NULL,
  column_name text NOT NULL,
  before bigint NOT NULL,
  after bigint NOT NULL,
  rounded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TEMPORARY TABLE fen_ledger ON COMMIT DROP AS
WITH affected AS (
  SELECT DISTINCT wallet_id FROM ledger_entries
  WHERE amount % 100 <> 0 OR balance_change % 100 <> 0 OR balance_after % 100 <> 0),
ceiled AS (
  SELECT e.id, e.wallet_id, e.order_no, e.amount, e.balance_change, e.balance_after,
         e.balance_after + (100 - e.balance_after % 100) % 100 AS new_after
  FROM ledger_entries e JOIN affected a ON a.wallet_id = e.wallet_id),
chained AS (
  SELECT *, new_after - coalesce(lag(new_after) OVER (PARTITION BY wallet_id ORDER BY id), 0) AS new_change
  FROM ceiled)
SELECT id, order_no, amount, balance_change, balance_after, new_after, new_change,
       new_change + CASE WHEN amount - balance_change >= 0 THEN (amount - balance_change + 50) / 100 * 100
                         ELSE -((balance_change - amount + 50) / 100 * 100) END AS new_amount
FROM chained;

INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'ledger_entries', id, column_name, before, after
FROM fen_ledger,
     LATERAL (VALUES ('amount', amount, new_amount),
                     ('balance_change', balance_change, new_change),
                     ('balance_after', balance_after, new_after)) AS changed (column_name, before, after)
WHERE before <> after;

UPDATE ledger_entries e
SET amount = f.new_amount, balance_change = f.new_change, balance_after = f.new_after
FROM fen_ledger f
WHERE e.id = f.id AND (e.amount, e.balance_change, e.balance_after) <> (f.new_amount, f.new_change, f.new_after);

-- An application's cost moves by what its order's lines moved, so its lines still add up to it; whatever is still
-- sub-fen after that (a cost that never matched its lines) goes down to the fen.
WITH moved AS (
  SELECT order_no, sum(amount - new_amount) AS delta FROM fen_ledger GROUP BY order_no HAVING sum(amount - new_amount) <> 0),
rounded AS (
  UPDATE applications a SET spent_units = a.spent_units + m.delta
  FROM moved m, applications old WHERE a.order_no = m.order_no AND old.id = a.id
  RETURNING a.id, old.spent_units AS before, a.spent_units AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'applications', id, 'spent_units', before, after FROM rounded;

-- Wallets, vouchers and applications: balances the user holds go up to the fen, what they spent or owe goes down.
WITH rounded AS (
  UPDATE wallets w SET balance = w.balance + (100 - w.balance % 100) % 100
  FROM wallets old WHERE old.id = w.id AND w.balance % 100 <> 0
  RETURNING w.id, old.balance AS before, w.balance AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'wallets', id, 'balance', before, after FROM rounded;

WITH rounded AS (
  UPDATE vouchers v SET balance = least(v.face_amount, v.balance + (100 - v.balance % 100) % 100)
  FROM vouchers old WHERE old.id = v.id AND v.balance % 100 <> 0
  RETURNING v.id, old.balance AS before, v.balance AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'vouchers', id, 'balance', before, after FROM rounded;

WITH rounded AS (
  UPDATE voucher_spends s SET amount = (s.amount + 50) / 100 * 100
  FROM voucher_spends old WHERE old.id = s.id AND s.amount % 100 <> 0
  RETURNING s.id, old.amount AS before, s.amount AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'voucher_spends', id, 'amount', before, after FROM rounded;

WITH rounded AS (
  UPDATE applications a SET spent_units = a.spent_units / 100 * 100
  FROM applications old WHERE old.id = a.id AND a.spent_units % 100 <> 0
  RETURNING a.id, old.spent_units AS before, a.spent_units AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'applications', id, 'spent_units', before, after FROM rounded;

-- A per-minute price fixed at creation with four decimals (a VIP discount of a list price) goes down to the fen:
-- from now on N minutes cost round(hourly × N / 60) of that price.
WITH rounded AS (
  UPDATE applications a SET hourly_price_units = greatest(100, a.hourly_price_units / 100 * 100)
  FROM applications old WHERE old.id = a.id AND a.hourly_price_units % 100 <> 0
  RETURNING a.id, old.hourly_price_units AS before, a.hourly_price_units AS after)
INSERT INTO sub_fen_roundings (table_name, row_id, column_name, before, after)
SELECT 'applications', id, 'hourly_price_units', before, after FROM rounded;
