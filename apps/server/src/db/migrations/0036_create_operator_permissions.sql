-- What each operator may do, by area of the operations console (decision 0020): one row per user and area, granted
-- from the server's shell (`npm run admin -- grant`), never through the API.
CREATE TABLE operator_permissions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  area text NOT NULL CHECK (area IN ('fleet', 'finance', 'review', 'support', 'admin')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, area)
);

-- Until now an operator was a holder of the `admin` role, and that role allowed every operator call: each keeps
-- exactly that, every area. The role itself stays, for what the console shows (spec §6); it no longer opens any call.
INSERT INTO operator_permissions (user_id, area, granted_at)
SELECT user_roles.user_id, areas.area, user_roles.granted_at
FROM user_roles
CROSS JOIN (VALUES ('fleet'), ('finance'), ('review'), ('support'), ('admin')) AS areas (area)
WHERE user_roles.role_key = 'admin'
ON CONFLICT DO NOTHING;
