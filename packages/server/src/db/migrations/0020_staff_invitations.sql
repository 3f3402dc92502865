-- Staff accounts, owners only (features/staff/, docs/decisions/093-staff-accounts-and-invitations.md):
-- an owner invites a person by e-mail with a one-time link, valid 7 days. Only the SHA-256 of the
-- link's token is kept, as for password resets.
CREATE TABLE staff_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Lower-cased, as users.email.
  email text NOT NULL,
  staff_role text NOT NULL CHECK (staff_role IN ('owner', 'manager', 'agent')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- pending until accepted, cancelled by an owner, or replaced by a newer invitation to the address.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'cancelled', 'replaced')),
  ended_at timestamptz,
  -- The account that accepted it.
  user_id uuid REFERENCES users(id),
  CHECK ((status = 'pending') = (ended_at IS NULL))
);
-- One invitation waits per address: a new one replaces it (two owners inviting at once: one wins).
CREATE UNIQUE INDEX staff_invitations_one_pending ON staff_invitations (email) WHERE status = 'pending';

-- Since when each member is on the staff (the team list shows it). Members of before: since their
-- account was made, the best known.
ALTER TABLE users ADD COLUMN staff_since timestamptz;
UPDATE users SET staff_since = created_at WHERE staff_role IS NOT NULL;

-- Runs after users_staff_role (triggers of one event run in name order), so staff_role is final.
-- A restore brings staff_since back as saved.
CREATE FUNCTION users_staff_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rental.restoring', true), '') = 'on' THEN
    RETURN NEW;
  END IF;
  IF NEW.staff_role IS NULL THEN
    NEW.staff_since := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.staff_role IS NULL THEN
    NEW.staff_since := now();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER users_staff_since
  BEFORE INSERT OR UPDATE OF role, staff_role ON users
  FOR EACH ROW EXECUTE FUNCTION users_staff_since();

-- The history: who joined, changed role or left the staff, and every invitation sent, cancelled,
-- replaced or accepted, with who did it (rental.actor_id). No e-mail address or name is written
-- (the history cannot be erased): the page reads the person's name when it shows the entry.
ALTER TABLE activity DROP CONSTRAINT activity_subject_check;
ALTER TABLE activity ADD CONSTRAINT activity_subject_check
  CHECK (subject IN ('booking', 'car', 'bank_details', 'block', 'company', 'customer', 'prices', 'payment', 'damage', 'staff'));

CREATE FUNCTION activity_staff_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.staff_role IS NOT NULL THEN
      PERFORM activity_record('staff', NEW.id::text, 'added', NULL, jsonb_build_object('staff_role', NEW.staff_role));
    END IF;
  ELSIF OLD.staff_role IS DISTINCT FROM NEW.staff_role THEN
    PERFORM activity_record('staff', NEW.id::text,
      CASE WHEN OLD.staff_role IS NULL THEN 'added' WHEN NEW.staff_role IS NULL THEN 'removed' ELSE 'changed' END,
      CASE WHEN OLD.staff_role IS NOT NULL THEN jsonb_build_object('staff_role', OLD.staff_role) END,
      CASE WHEN NEW.staff_role IS NOT NULL THEN jsonb_build_object('staff_role', NEW.staff_role) END);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_staff_activity
  AFTER INSERT OR UPDATE OF role, staff_role ON users
  FOR EACH ROW EXECUTE FUNCTION activity_staff_member();

CREATE FUNCTION activity_staff_invitation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM activity_record('staff', NEW.id::text, 'added', NULL, jsonb_build_object('invitation', 'sent', 'staff_role', NEW.staff_role));
  ELSIF OLD.status IS DISTINCT FROM NEW.status THEN
    PERFORM activity_record('staff', NEW.id::text, CASE WHEN NEW.status = 'accepted' THEN 'changed' ELSE 'removed' END,
      jsonb_build_object('invitation', OLD.status),
      jsonb_build_object('invitation', NEW.status) || CASE WHEN NEW.user_id IS NOT NULL THEN jsonb_build_object('user_id', NEW.user_id) ELSE '{}' END);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER staff_invitations_activity
  AFTER INSERT OR UPDATE OF status ON staff_invitations
  FOR EACH ROW EXECUTE FUNCTION activity_staff_invitation();
