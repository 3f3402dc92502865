/** A customer's own account: name and phone, the messages they get, and the password (which ends every other session). */
import { MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { publicUser } from './routes';
import { signSessionToken } from './sessionTokens';
import { channelAnswer, channelAnswerColumns, channelCheckColumns, channelRefusal, channelSet } from './messageChannels';
import { actAs } from '../../db/actor';

export interface AccountRoutesOptions {
  /** Limits guesses of the current password, like login; undefined: no limit. */
  limited?: FastifyContextConfig;
}

const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, options) => {
  addEndpoint(app, 'updateProfile', async (request) => {
    const { name, phone, whatsapp, sms } = request.body;
    const userId = request.user.id;
    // One transaction: WhatsApp or SMS left on without a phone they can go to is refused, and nothing is saved.
    const saved = await app.db.transaction(async (tx) => {
      await actAs(tx, userId);
      const [row] = await tx
        .update(users)
        .set({ name, phone: phone || null, ...channelSet({ whatsapp, sms }) })
        .where(eq(users.id, userId))
        .returning({ ...channelCheckColumns, ...channelAnswerColumns });
      if (!row) throw new Error('The account was not returned by the database.');
      const refusal = channelRefusal(row);
      if (refusal) throw refusal;
      return row;
    });
    return {
      success: true as const,
      message: MESSAGES.profileSaved,
      user: { ...publicUser({ ...request.user, name, phone: phone || null }), ...channelAnswer(saved) },
    };
  });

  addEndpoint(
    app,
    'changePassword',
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const [account] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, request.user.id));
      if (!account || !(await verifyPassword(account.passwordHash, currentPassword))) {
        throw new HttpError(400, MESSAGES.wrongCurrentPassword);
      }
      const passwordHash = await hashPassword(newPassword);
      // The database raises the session version with the new hash (migrations/0003): every token
      // signed before, this one's included, stops working; the caller gets a fresh one.
      // The notice to the account commits with the new password.
      const changed = await app.db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, request.user.id)).returning({ sessionVersion: users.sessionVersion });
        await app.events.record(tx, [
          { kind: 'password_changed', bookingId: null, actorId: request.user.id, data: { userId: request.user.id, how: 'changed' } },
        ]);
        return row;
      });
      const token = await signSessionToken(app.sessionKey, request.user.id, changed!.sessionVersion);
      return { success: true as const, message: MESSAGES.passwordChanged, token };
    },
    { config: options.limited },
  );
};

export default accountRoutes;
