-- Feedback and business consultations (issue 22, spec §1, §3 "Consultation form", decision 0033), owned by
-- modules/feedback. Feedback carries up to three screenshot keys of its author's own uploads; adopting it gives the
-- author a gift voucher once, which the compare-and-set on state decides.

CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content text NOT NULL,
  screenshot_keys text[] NOT NULL DEFAULT '{}' CHECK (cardinality(screenshot_keys) <= 3),
  state text NOT NULL DEFAULT 'submitted' CHECK (state IN ('submitted', 'adopted')),
  created_at timestamptz NOT NULL,
  adopted_at timestamptz,
  adopted_by bigint REFERENCES users (id),
  voucher_id bigint
);

CREATE INDEX feedback_by_state ON feedback (state, id DESC);

-- No login is needed to ask (spec §7 /auth/consult); the address is kept for operators judging abuse, while the
-- per-address limit counts in auth's rate counters.
CREATE TABLE consultations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  company text NOT NULL,
  position text NOT NULL,
  phone text NOT NULL,
  services text[] NOT NULL CHECK (cardinality(services) >= 1),
  requirement text NOT NULL DEFAULT '',
  address text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'handled')),
  created_at timestamptz NOT NULL,
  handled_at timestamptz,
  handled_by bigint REFERENCES users (id)
);

CREATE INDEX consultations_by_state ON consultations (state, id);

-- The adopted-feedback gift is a voucher source of its own, named so in the user's voucher list.
ALTER TABLE vouchers DROP CONSTRAINT vouchers_source_check;
ALTER TABLE vouchers ADD CONSTRAINT vouchers_source_check
  CHECK (source IN ('operator', 'rechargeReturn', 'invite', 'feedback'));
