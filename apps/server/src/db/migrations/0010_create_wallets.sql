-- Each user's wallet and its ledger (ARCHITECTURE §4), money in bigint units of 0.0001 yuan. A wallet changes only
-- with its row locked and one ledger entry per change in the same transaction, so that balance = Σ balance_change
-- always holds (`npm run ledger:check` verifies it). A wallet is made on its first posting.
CREATE TABLE wallets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The income/expense list is this table. amount is the transaction's amount, signed (+ income, - expense);
-- balance_change is what moved the balance (the amount less what vouchers paid); balance_after is the balance it left.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wallet_id bigint NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id bigint NOT NULL,
  order_no text NOT NULL,
  transaction_type text NOT NULL,
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_change bigint NOT NULL,
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL
);

CREATE INDEX ledger_entries_user_time ON ledger_entries (user_id, created_at DESC, id DESC);
CREATE INDEX ledger_entries_wallet ON ledger_entries (wallet_id, id);
