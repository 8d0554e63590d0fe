-- Invite rewards (issue 22, spec §9 "Invite rewards"; docs/decisions/0030). The invites module keeps, for each user
-- who registered with someone's invitation code, what counts towards the rewards (cumulative recharge, consumption
-- paid by the balance), fed by its event consumer; and each reward a friend's milestone earns the inviter, due about
-- two minutes after the milestone and granted by a minute job.

CREATE TABLE invites (
  invitee_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  inviter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  registered_at timestamptz NOT NULL,
  recharged_units bigint NOT NULL DEFAULT 0 CHECK (recharged_units >= 0),
  consumed_units bigint NOT NULL DEFAULT 0 CHECK (consumed_units >= 0)
);

CREATE INDEX invites_by_inviter ON invites (inviter_id, registered_at DESC, invitee_id DESC);

-- Friends who registered before their registration was an event: listed too. What they did since events exist, the
-- consumer counts (it starts at the first event ever); what came before earns nothing.
INSERT INTO invites (invitee_id, inviter_id, registered_at)
SELECT id, inviter_id, created_at FROM users WHERE inviter_id IS NOT NULL;

-- One reward per friend and milestone: the unique index is what makes a milestone earn once, however often the
-- events that reach it are handled. 5 + 10 + 50 = 65 yuan is the most one invitation earns.
CREATE TABLE invite_rewards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invitee_id bigint NOT NULL REFERENCES invites (invitee_id) ON DELETE CASCADE,
  inviter_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  milestone text NOT NULL CHECK (milestone IN ('firstApplication', 'recharge', 'consumption')),
  amount_units bigint NOT NULL CHECK (amount_units > 0),
  reached_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted')),
  -- Set when a due reward found either side not yet verified: it waits, checked again at due_at.
  awaiting_verification boolean NOT NULL DEFAULT false,
  granted_at timestamptz,
  voucher_id bigint,
  UNIQUE (invitee_id, milestone)
);

CREATE INDEX invite_rewards_due ON invite_rewards (due_at) WHERE status = 'pending';
CREATE INDEX invite_rewards_by_inviter ON invite_rewards (inviter_id, invitee_id);
