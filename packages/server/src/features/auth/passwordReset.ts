/**
 * "Forgot password?": a link by e-mail, then a new password. The token is 32 random bytes; only its
 * SHA-256 is stored, it works for an hour and once. The answer to forgot-password is the same
 * whether or not an account uses the address, and nothing is sent to an unknown address. Setting
 * the new password raises the account's session version (migrations/0003), so every earlier
 * session ends. The e-mail is made from the request's event, which carries the token to it alone:
 * its stored copy never holds the token, its row keeps it apart only until it is sent or the link
 * stops working (features/mail/outbox.ts), and mail drops the tokens of dead links. The browser
 * that sets the new password becomes a known device of the account (features/auth/deviceCookie.ts):
 * whoever reads the account's e-mail is its person, and gets in even while strangers' guesses lock it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '@rental/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { passwordResets, users } from '../../db/schema';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { deviceCookieFor, deviceKey, overHttps, readDevices } from './deviceCookie';
import { hashPassword } from '../../security/passwords';

export const RESET_LINK_MINUTES = 60;
/** Links one account may be sent in RESET_WINDOW_MINUTES, whoever asks: no one can flood a mailbox. */
const RESET_LINKS_PER_WINDOW = 3;
const RESET_WINDOW_MINUTES = 15;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface PasswordResetRoutesOptions {
  /** Per address, like register (undefined: no limit). */
  limited?: FastifyContextConfig;
}

const passwordResetRoutes: FastifyPluginAsync<PasswordResetRoutesOptions> = async (app, options) => {
  const devices = deviceKey(app.sessionKey);

  addEndpoint(
    app,
    'forgotPassword',
    async (request) => {
      const { email } = request.body;
      await app.db.transaction(async (tx) => {
        // The account's row first: two requests at once count each other's links.
        const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).for('no key update');
        if (!account) return;
        const [recent] = await tx
          .select({ links: count() })
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, account.id), gt(passwordResets.createdAt, sql`now() - make_interval(mins => ${RESET_WINDOW_MINUTES})`)));
        if ((recent?.links ?? 0) >= RESET_LINKS_PER_WINDOW) {
          request.log.warn('password reset: this account was sent enough links lately; none sent');
          return;
        }
        const token = randomBytes(32).toString('base64url');
        await tx.insert(passwordResets).values({
          tokenHash: hashResetToken(token),
          userId: account.id,
          expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        });
        // The link's token goes to the letter alone: no event or history keeps it.
        await app.events.record(tx, [{ kind: 'password_reset_requested', bookingId: null, actorId: null, data: { userId: account.id }, secret: token }]);
      });
      return { success: true as const, message: MESSAGES.resetLinkSent };
    },
    { config: options.limited },
  );

  addEndpoint(
    app,
    'resetPassword',
    async (request, reply) => {
      const { token, password } = request.body;
      const tokenHash = hashResetToken(token);
      const usable = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));
      // Checked first only to spare the hashing of a password for a link that does not work.
      const [found] = await app.db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable);
      if (!found) throw new HttpError(400, MESSAGES.resetLinkInvalid);
      const passwordHash = await hashPassword(password);
      const userId = await app.db.transaction(async (tx) => {
        // Once: of two uses racing, the second finds the link used.
        const [link] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(usable)
          .returning({ userId: passwordResets.userId });
        if (!link) throw new HttpError(400, MESSAGES.resetLinkInvalid);
        // Any other link of the account stops working too.
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
        await tx.update(users).set({ passwordHash }).where(eq(users.id, link.userId));
        // Its notice; their tokens, if an e-mail still waits to be sent, are dropped with them.
        await app.events.record(tx, [{ kind: 'password_changed', bookingId: null, actorId: link.userId, data: { userId: link.userId, how: 'reset' } }]);
        return link.userId;
      });
      reply.header('set-cookie', deviceCookieFor(devices, readDevices(devices, request.headers.cookie), userId, overHttps(request, app.config.publicUrl)));
      return { success: true as const, message: MESSAGES.passwordReset };
    },
    { config: options.limited },
  );
};

export default passwordResetRoutes;
