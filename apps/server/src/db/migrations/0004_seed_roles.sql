-- Reference data every installation needs (spec §6): the roles and what each may do. Idempotent.
INSERT INTO roles (role_key, role_name) VALUES
  ('user', 'user'), ('education', 'education'), ('kol', 'kol'), ('creator', 'creator'), ('admin', 'admin')
ON CONFLICT (role_key) DO NOTHING;

INSERT INTO role_permissions (role_key, permission_id, actions)
SELECT role_key, permission_id, ARRAY['query', 'add', 'edit', 'delete', 'export']
FROM (VALUES ('user'), ('education'), ('kol'), ('creator'), ('admin')) AS r (role_key)
CROSS JOIN (VALUES ('application'), ('image'), ('storage'), ('wallet'), ('invoice'), ('invite'), ('api'), ('user'))
  AS p (permission_id)
ON CONFLICT DO NOTHING;

-- The KOL and creator programme's income and withdrawals, and the operations console, belong to their roles.
INSERT INTO role_permissions (role_key, permission_id, actions) VALUES
  ('kol', 'reward', ARRAY['query', 'add', 'edit']),
  ('creator', 'reward', ARRAY['query', 'add', 'edit']),
  ('admin', 'reward', ARRAY['query', 'add', 'edit', 'delete', 'export']),
  ('admin', 'admin', ARRAY['query', 'add', 'edit', 'delete', 'export'])
ON CONFLICT DO NOTHING;
