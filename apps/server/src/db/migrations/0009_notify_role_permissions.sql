-- Each server remembers what every role may do (modules/users/role-permissions.ts), read once instead of on every
-- getUserInfo. Any change to role_permissions, by a migration or later by the operations console, tells every server
-- on channel role_permissions_changed when it commits, once per statement.
CREATE FUNCTION notify_role_permissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('role_permissions_changed', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER role_permissions_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_role_permissions_changed();
