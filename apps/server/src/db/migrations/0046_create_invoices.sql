-- Invoices (issue 22, spec §3 "Invoice", docs/decisions/0029): each user's invoice information, and their applications
-- for an amount to be invoiced, each with what it was made out to when submitted.

-- One row per user. Applications lock it (FOR UPDATE) while they check the invoiceable amount, so two of one user's
-- applications are decided one after the other and never both take the same amount.
CREATE TABLE invoice_information (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  tax_number text NOT NULL,
  type text NOT NULL CHECK (type IN ('vatGeneral', 'vatSpecial')),
  contact_name text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  bank text NOT NULL,
  account text NOT NULL,
  address text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- An application: submitted (or modified by its owner) while under review, then completed with its invoice file,
-- rejected with a note, or revoked. `details` is the invoice information as it stood when it was last submitted.
CREATE TABLE invoice_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount bigint NOT NULL CHECK (amount > 0 AND amount % 100 = 0),
  remark text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('submitted', 'modified', 'completed', 'revoked', 'rejected')),
  details jsonb NOT NULL,
  rejection_note text CHECK ((status = 'rejected') = (rejection_note IS NOT NULL)),
  file_key text CHECK ((status = 'completed') = (file_key IS NOT NULL)),
  file_name text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX invoice_applications_user ON invoice_applications (user_id, created_at DESC, id DESC);
-- Operators work through what is under review, oldest first.
CREATE INDEX invoice_applications_status ON invoice_applications (status, created_at, id);
