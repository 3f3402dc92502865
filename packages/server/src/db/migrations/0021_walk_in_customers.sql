-- Walk-in and phone customers (docs/decisions/094-bookings-made-by-staff.md): staff book for people
-- who have no account yet. Such a customer has no password until they set one through the link they
-- are sent, and may have no e-mail address at all (only a phone). Login never matches a missing
-- password; NULL e-mails do not clash with each other under the unique constraint. Staff always
-- have an address: it is how they sign in.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_staff_have_email CHECK (role <> 'owner' OR email IS NOT NULL);
