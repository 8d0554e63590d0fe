-- before-expand-contract: users.consumption_units moves to wallets and is dropped in the same step, while one
-- process ran Suanli; under expand and contract the drop would be a later migration (src/db/README.md).
-- A charge of a user with no voucher to spend is one statement on the wallet row (docs/decisions/0013): the row says
-- whether a voucher may be waiting, and counts the balance spent towards VIP growth, so that neither needs a query of
-- its own. vouchers_until is the latest expiry of the vouchers that may be usable (raised by every grant, recomputed
-- by each charge that spends vouchers); until then a charge takes the path that locks and spends them.
ALTER TABLE wallets
  ADD COLUMN consumption_units bigint NOT NULL DEFAULT 0 CHECK (consumption_units >= 0),
  ADD COLUMN vouchers_until timestamptz;

INSERT INTO wallets (user_id, consumption_units)
SELECT id, consumption_units FROM users WHERE consumption_units > 0
ON CONFLICT (user_id) DO UPDATE SET consumption_units = EXCLUDED.consumption_units;

UPDATE wallets w SET vouchers_until = v.until
FROM (SELECT user_id, max(expires_at) AS until FROM vouchers
      WHERE status = 'normal' AND balance > 0 GROUP BY user_id) v
WHERE v.user_id = w.user_id;

INSERT INTO wallets (user_id, vouchers_until)
SELECT user_id, max(expires_at) FROM vouchers WHERE status = 'normal' AND balance > 0 GROUP BY user_id
ON CONFLICT (user_id) DO NOTHING;

ALTER TABLE users DROP COLUMN consumption_units;
