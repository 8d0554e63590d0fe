-- Accounts (issue 3): credentials, invitations, VIP, WeChat, real-name, roles, profile, one-time codes, captchas,
-- notices. Counters that must hold across instances live here, not in process memory (ARCHITECTURE §10).

ALTER TABLE users
  ADD COLUMN password_hash text,
  ADD COLUMN invitation_code text,
  ADD COLUMN inviter_id bigint REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN avatar_key text,
  ADD COLUMN vip_grade integer NOT NULL DEFAULT 0 CHECK (vip_grade BETWEEN 0 AND 3),
  ADD COLUMN growth_value integer NOT NULL DEFAULT 0 CHECK (growth_value >= 0),
  ADD COLUMN wechat_open_id text UNIQUE,
  ADD COLUMN wechat_nick_name text,
  ADD COLUMN wechat_bound_at timestamptz,
  ADD COLUMN last_login_at timestamptz;

UPDATE users SET invitation_code = upper(substr(md5(id::text || clock_timestamp()::text), 1, 8));
ALTER TABLE users ALTER COLUMN invitation_code SET NOT NULL;
-- Eight hex characters: about four billion codes; the unique index turns a (very unlikely) clash into a retry.
ALTER TABLE users ALTER COLUMN invitation_code SET DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8));
CREATE UNIQUE INDEX users_invitation_code_idx ON users (invitation_code);
CREATE INDEX users_inviter_idx ON users (inviter_id);

CREATE TABLE roles (
  role_key text PRIMARY KEY,
  role_name text NOT NULL
);

CREATE TABLE role_permissions (
  role_key text NOT NULL REFERENCES roles (role_key) ON DELETE CASCADE,
  permission_id text NOT NULL,
  actions text[] NOT NULL,
  PRIMARY KEY (role_key, permission_id)
);

CREATE TABLE user_roles (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_key text NOT NULL REFERENCES roles (role_key),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role_key)
);

CREATE TABLE user_profiles (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  education text,
  region text,
  enterprise_name text,
  industry text,
  profession text,
  research_direction text,
  main_business text,
  updated_at timestamptz NOT NULL
);

-- Arithmetic captchas: single use, two-minute life; only the answer's hash is kept.
CREATE TABLE captchas (
  id uuid PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);

-- One-time codes by SMS or e-mail, tied to a purpose: register, login, reset, phone change.
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  target text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, purpose, created_at DESC);
CREATE INDEX verification_codes_ip_idx ON verification_codes (ip, created_at DESC);

-- The outbox provider's messages: what a developer reads at /api/dev/outbox instead of a phone or inbox.
CREATE TABLE outbox_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (recipient, id DESC);

-- Fixed-window counters per bucket (an IP, an account lookup, …) shared by every instance.
CREATE TABLE rate_counters (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

-- A WeChat QR: a scene the user scans; the scan attaches a WeChat identity to it until login or binding consumes it.
CREATE TABLE wechat_scenes (
  scene_str text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('login', 'bind')),
  user_id bigint REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'scanned', 'consumed')),
  open_id text,
  wechat_nick_name text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  scanned_at timestamptz,
  consumed_at timestamptz
);
CREATE INDEX wechat_scenes_expiry_idx ON wechat_scenes (expires_at);

-- Real-name records: name and ID number encrypted (AES-256-GCM); the keyed hash finds an ID number used twice.
CREATE TABLE real_name_records (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  real_name_encrypted text NOT NULL,
  id_number_encrypted text NOT NULL,
  id_number_hash text NOT NULL UNIQUE,
  provider text NOT NULL,
  verified_at timestamptz NOT NULL
);

CREATE TABLE real_name_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  succeeded boolean NOT NULL
);
CREATE INDEX real_name_attempts_user_idx ON real_name_attempts (user_id, attempted_at DESC);

-- Notices to one user (low balance, application stopped, reward granted): a message key and its parameters, so
-- each reader sees them in their own language.
CREATE TABLE informs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX informs_user_idx ON informs (user_id, created_at DESC) WHERE deleted_at IS NULL;

-- Platform notices, written by operators in both languages.
CREATE TABLE notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title_zh text NOT NULL,
  title_en text NOT NULL,
  content_zh text NOT NULL,
  content_en text NOT NULL,
  published_at timestamptz NOT NULL
);

CREATE TABLE notice_reads (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notice_id bigint NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notice_id)
);

-- Benefit popups (types 10 and 20) are shown once per user and type.
CREATE TABLE benefit_popups (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  popup_type text NOT NULL,
  shown_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, popup_type)
);
