-- My images (issue 21, spec §2 /myMirror, §3 "Image" and "Share record", §4 upload and share states): an application's
-- data disk saved as an archive in the object store, on top of the catalogue image it ran. The catalogue owns them,
-- since they are images; the applications module saves them (it owns the compute driver) through its service.

CREATE TABLE user_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  base_image_id bigint NOT NULL REFERENCES application_images (id),
  name text NOT NULL,
  remark text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('uploading', 'complete', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  archive_key text NOT NULL UNIQUE,
  failure_reason text,
  source_application_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE INDEX user_images_by_owner ON user_images (owner_id, id DESC);
CREATE INDEX user_images_uploading ON user_images (id) WHERE state = 'uploading';

-- Image storage is billed per owner (the free allowance is the owner's): one row per user who ever saved an image,
-- carrying what the daily settlement could not take from the wallet into the next day.
CREATE TABLE image_storage_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  order_no text NOT NULL,
  arrears_units bigint NOT NULL DEFAULT 0 CHECK (arrears_units >= 0),
  billed_through timestamptz
);

-- A share gives the receiver the right to create applications from the image until it is canceled; cancelling never
-- touches applications already created. One active share per image and receiver: sharing again is idempotent.
CREATE TABLE image_shares (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  image_id bigint NOT NULL REFERENCES user_images (id) ON DELETE CASCADE,
  receiver_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  receiver_phone text NOT NULL,
  shared_at timestamptz NOT NULL,
  canceled_at timestamptz
);

CREATE UNIQUE INDEX image_shares_one_active ON image_shares (image_id, receiver_id) WHERE canceled_at IS NULL;
CREATE INDEX image_shares_by_receiver ON image_shares (receiver_id, id DESC);

-- A creator's submission of an image to the community catalogue (kolUpdateImage), published or rejected by an operator
-- granted `review`. One pending submission per image.
CREATE TABLE image_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  image_id bigint NOT NULL REFERENCES user_images (id) ON DELETE CASCADE,
  submitted_at timestamptz NOT NULL,
  review_state text NOT NULL CHECK (review_state IN ('pending', 'published', 'rejected')),
  reviewer_id bigint,
  reviewed_at timestamptz,
  reason text,
  published_image_id bigint REFERENCES application_images (id)
);

CREATE UNIQUE INDEX image_submissions_one_pending ON image_submissions (image_id) WHERE review_state = 'pending';

-- A community image published from a saved image restores that archive onto each new application's data disk.
ALTER TABLE application_images ADD COLUMN archive_key text;

-- An application created from a saved image: the archive its data disk is restored from before the first start.
ALTER TABLE applications ADD COLUMN restore_from text;
