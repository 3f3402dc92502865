-- A password reset e-mail's one-time token lives apart from the message's bodies, and only until
-- the e-mail is sent or its link stops working (used, or its hour is over): the stored copy of a
-- sent e-mail and a backup never hold a link that works (features/mail/outbox.ts,
-- docs/decisions/079-login-lock-and-reset-links.md). The bodies hold the placeholder
-- 'link-not-kept' where the token goes; the sender puts the token there in the copy it sends.

ALTER TABLE outbox ADD COLUMN link_token text;

-- Reset e-mails written before: the token leaves the bodies. One still to be sent keeps it in
-- link_token (the sender puts it back in the link it sends); a sent one keeps nothing.
UPDATE outbox
   SET link_token = CASE WHEN status <> 'sent' THEN substring(text_body FROM 'reset-password\?token=([A-Za-z0-9_-]+)') END,
       text_body = regexp_replace(text_body, '(reset-password\?token=)[A-Za-z0-9_%-]+', '\1link-not-kept', 'g'),
       html_body = regexp_replace(html_body, '(reset-password\?token=)[A-Za-z0-9_%-]+', '\1link-not-kept', 'g')
 WHERE kind = 'password_reset_link';

-- The few messages still holding a token, found without reading the whole outbox.
CREATE INDEX outbox_link_token_idx ON outbox (id) WHERE link_token IS NOT NULL;
