/** A message given up for good, and its WhatsApp-to-SMS fallback (decision 128). */
import { type SQL, sql } from 'drizzle-orm';

/**
 * The message failed for good (`id`, in one of `from` states): failed, its secret dropped, and a
 * WhatsApp one queued again as an SMS (fallback_of) when the site sends SMS and the customer has not
 * stopped SMS. One statement: the SMS carries the secret the failed one held.
 */
export function messageFailed(id: number, from: readonly string[], error: string, smsOn: boolean): SQL {
  return sql`
    WITH before AS (SELECT id, secret FROM channel_messages WHERE id = ${id}),
    failed AS (
      UPDATE channel_messages c SET state = 'failed', failed_at = now(), last_error = ${error.slice(0, 500)}, locked_until = NULL, secret = NULL
        FROM before
       WHERE c.id = before.id AND c.state IN (${sql.join(
         from.map((state) => sql`${state}`),
         sql`, `,
       )})
      RETURNING c.*, before.secret AS kept_secret)
    INSERT INTO channel_messages (direction, channel, booking_id, user_id, phone, kind, template, params, body, secret, state, fallback_of)
    SELECT 'out', 'sms', f.booking_id, f.user_id, f.phone, f.kind, f.template, f.params, f.body, f.kept_secret, 'queued', f.id
      FROM failed f JOIN users u ON u.id = f.user_id
     WHERE ${smsOn} AND f.channel = 'whatsapp' AND u.sms_stopped_at IS NULL AND u.erased_at IS NULL`;
}
