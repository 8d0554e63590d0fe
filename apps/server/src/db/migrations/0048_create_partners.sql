-- The KOL and creator programme (issue 22, spec §1, §3, §5, §9 "KOL withdrawals", docs/decisions/0031): partners
-- (real-name verified users who accepted the partner agreement, revocable by operators), their payment accounts and
-- withdrawals, the users invited through a partner's link, and the income credited to partners' earnings accounts.

CREATE TABLE partners (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  agreed_at timestamptz NOT NULL,
  -- Percent of the invited users' recharges the KOL earns, in basis points (1000 = 10 %).
  kol_ratio_basis_points integer NOT NULL DEFAULT 1000 CHECK (kol_ratio_basis_points BETWEEN 0 AND 10000),
  revoked_at timestamptz,
  revoked_reason text
);

-- The account a withdrawal pays to; the latest set, one per partner.
CREATE TABLE partner_payment_accounts (
  user_id bigint PRIMARY KEY REFERENCES partners (user_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('personal', 'company')),
  name text,
  id_number text,
  alipay_phone text,
  company_name text,
  card_number text,
  opening_bank text,
  updated_at timestamptz NOT NULL,
  CHECK (CASE kind
    WHEN 'personal' THEN name IS NOT NULL AND id_number IS NOT NULL AND alipay_phone IS NOT NULL
    ELSE company_name IS NOT NULL AND card_number IS NOT NULL AND opening_bank IS NOT NULL END)
);

-- A withdrawal keeps the payee it was requested to, whatever the account later becomes.
CREATE TABLE partner_withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
  order_no text NOT NULL UNIQUE,
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
  invoice_type text NOT NULL CHECK (invoice_type IN ('vatGeneral', 'vatSpecial')),
  payee jsonb NOT NULL,
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'completed', 'rejected')),
  submitted_at timestamptz NOT NULL,
  decided_at timestamptz,
  reject_note text
);
CREATE INDEX partner_withdrawals_by_user ON partner_withdrawals (user_id, id DESC);
CREATE INDEX partner_withdrawals_by_status ON partner_withdrawals (status, id);

-- Users who registered with the code of a partner qualified at the time: the KOL's invited users.
CREATE TABLE kol_invitees (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  kol_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  registered_at timestamptz NOT NULL
);
CREATE INDEX kol_invitees_by_kol ON kol_invitees (kol_id, registered_at DESC);

-- Each recharge of an invited user and what it earned its KOL, once per order.
CREATE TABLE kol_income (
  order_no text PRIMARY KEY,
  kol_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invitee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recharge_amount bigint NOT NULL CHECK (recharge_amount > 0),
  income bigint NOT NULL CHECK (income >= 0),
  credited_at timestamptz NOT NULL
);
CREATE INDEX kol_income_by_kol ON kol_income (kol_id, credited_at);

-- A community image's usage per business month and what it earned its creator so far: income is credited as the
-- difference of the month's total rounded once to the fen, so the remainder carries from minute to minute.
CREATE TABLE creator_image_usage (
  image_id bigint NOT NULL REFERENCES application_images (id) ON DELETE CASCADE,
  month text NOT NULL,
  creator_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  price_per_hour bigint NOT NULL,
  minutes bigint NOT NULL DEFAULT 0 CHECK (minutes >= 0),
  income bigint NOT NULL DEFAULT 0 CHECK (income >= 0),
  PRIMARY KEY (image_id, month, price_per_hour)
);
CREATE INDEX creator_image_usage_by_creator ON creator_image_usage (creator_id, month);

-- Each credit to a partner's earnings and when: what is still in review (this month's, and last month's until the 7th).
CREATE TABLE partner_credits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0),
  credited_at timestamptz NOT NULL
);
CREATE INDEX partner_credits_by_user ON partner_credits (user_id, credited_at);

-- API users who signed the API user contract with their real-name identity.
CREATE TABLE api_user_signatures (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  signed_at timestamptz NOT NULL
);

-- What a community image earns its creator per hour of use, before the platform's share (1.00 yuan unless an operator
-- sets another); only a community image, which has an owner, earns anyone.
ALTER TABLE application_images ADD COLUMN creator_price_per_hour bigint NOT NULL DEFAULT 10000
  CHECK (creator_price_per_hour >= 0);
