-- A team at the desk (features/staff/): every staff account (role 'owner', the SPEC's marker of
-- staff) has a staff role: owner, manager or agent. Customers have none.
ALTER TABLE users ADD COLUMN staff_role text CHECK (staff_role IN ('owner', 'manager', 'agent'));
UPDATE users SET staff_role = 'owner' WHERE role = 'owner';
ALTER TABLE users ADD CONSTRAINT users_staff_role_only_for_staff CHECK ((role = 'owner') = (staff_role IS NOT NULL));

-- Every way of making someone staff (the setup page, OWNER_EMAIL at start, the owner tool, the demo)
-- writes role = 'owner' and means an owner; leaving the staff takes the staff role away. The
-- database fills it in, so none of those writers has to know of staff roles.
CREATE FUNCTION users_staff_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'owner' AND NEW.staff_role IS NULL THEN
    NEW.staff_role := 'owner';
  ELSIF NEW.role <> 'owner' THEN
    NEW.staff_role := NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER users_staff_role
  BEFORE INSERT OR UPDATE OF role, staff_role ON users
  FOR EACH ROW EXECUTE FUNCTION users_staff_role();

-- A changed staff role ends the account's sessions, as a changed password or role does.
CREATE OR REPLACE FUNCTION users_end_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.role IS DISTINCT FROM OLD.role
     OR NEW.staff_role IS DISTINCT FROM OLD.staff_role THEN
    NEW.session_version := OLD.session_version + 1;
  END IF;
  RETURN NEW;
END;
$$;

DROP TRIGGER users_end_sessions ON users;
CREATE TRIGGER users_end_sessions
  BEFORE UPDATE OF password_hash, role, staff_role ON users
  FOR EACH ROW EXECUTE FUNCTION users_end_sessions();
