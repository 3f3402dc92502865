-- Ending an account's sessions (issue 14, item 9). Every session token carries the account's
-- session_version as it was at login; a token whose version is no longer the account's is refused.
-- The database raises the version itself whenever the password or the role changes, so every way
-- of changing them (the owner tool, OWNER_EMAIL at start, a password reset, an UPDATE typed by
-- hand) ends the sessions that were open before.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.role IS DISTINCT FROM OLD.role THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER users_end_sessions
  BEFORE UPDATE OF password_hash, role ON users
  FOR EACH ROW EXECUTE FUNCTION users_end_sessions();
