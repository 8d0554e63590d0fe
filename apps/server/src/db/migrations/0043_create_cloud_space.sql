-- Cloud space (issue 21, spec §9 "Storage"): each user's folders and files by path, the uploads under way, what each
-- user stores and owes, each business day's peak, and every wipe.

-- A folder's path ends in '/' ('/' is the root); an entry is named within its folder. A file's bytes are the object at
-- object_key (data/<userId>/<random>), which never changes when the file is renamed or moved.
CREATE TABLE cloud_space_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  folder text NOT NULL CHECK (folder LIKE '/%/' OR folder = '/'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255 AND position('/' IN name) = 0),
  kind text NOT NULL CHECK (kind IN ('folder', 'file')),
  size bigint NOT NULL DEFAULT 0 CHECK (size >= 0),
  object_key text UNIQUE CHECK ((kind = 'file') = (object_key IS NOT NULL)),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (user_id, folder, name)
);

-- An upload link handed out and not yet finished: where the file goes, the size declared, and the multipart upload
-- when it goes up in parts. A second request for the same file resumes it (the same key and upload id).
CREATE TABLE cloud_space_uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  object_key text NOT NULL UNIQUE,
  folder text NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  multipart_id text,
  part_size bigint,
  created_at timestamptz NOT NULL
);
CREATE INDEX cloud_space_uploads_user ON cloud_space_uploads (user_id, folder, name);

-- What each user stores, what they owe for it, and the wipe they were told of (reason and date), if any.
CREATE TABLE cloud_space_usage (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  used_bytes bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  arrears_units bigint NOT NULL DEFAULT 0 CHECK (arrears_units >= 0),
  wipe_reason text CHECK (wipe_reason IN ('arrears', 'inactive')),
  wipe_at timestamptz,
  CHECK ((wipe_reason IS NULL) = (wipe_at IS NULL))
);

-- Each business day on which a user's usage changed: what it was when the day's first change came (start_bytes) and
-- the most it reached (peak_bytes). A day without a row kept the usage of the next row's start, or today's.
CREATE TABLE cloud_space_days (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day text NOT NULL,
  start_bytes bigint NOT NULL,
  peak_bytes bigint NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- Every wipe, kept when the user's data is gone.
CREATE TABLE cloud_space_wipes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('arrears', 'inactive')),
  bytes bigint NOT NULL,
  wiped_at timestamptz NOT NULL
);
CREATE INDEX cloud_space_wipes_user ON cloud_space_wipes (user_id, wiped_at);
