/**
 * The letters of people's accounts and the company's staff: a password's reset link and the notice
 * after it changed, a staff invitation, the owners' warning when the bank details change, and the
 * customer's answer to the check of their driver details.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { userEmail } from '../../../db/userEmail';
import type { LetterMakers } from '../fromEvents';
import { BOOKING_LINK_MINUTES } from '@rental/contract';
import {
  bankDetailsChangedLetter,
  bookingSignInLinkLetter,
  passwordChangedLetter,
  passwordResetLinkLetter,
  vettingApprovedLetter,
  vettingRejectedLetter,
} from '../letters';
import { forgetDeadLinks, LINK_TOKEN_PLACEHOLDER } from '../outbox';
import { staffInvitationLetter } from '../staffLetters';
import { accountOf } from './accounts';

export const peopleMakers: LetterMakers = {
  // The stored copy holds a placeholder; the token waits beside it until sent or dead. Tokens of
  // links that stopped working since (used, or past their hour) are dropped here, when a password
  // is reset, and by the sender: no timer needed for a few dead strings.
  async password_reset_requested(tx, event, { mail, company }) {
    await forgetDeadLinks(tx);
    const account = await accountOf(tx, event.data.userId);
    return [{ ...passwordResetLinkLetter(account, LINK_TOKEN_PLACEHOLDER, await company(), mail), linkToken: event.secret }];
  },
  // A booking's one-time sign-in link (features/bookingLookup): kept apart like a reset link's token.
  async booking_sign_in_requested(tx, event, { mail, company, facts }) {
    await forgetDeadLinks(tx);
    const booking = await facts(event.data.bookingId);
    return [{ ...bookingSignInLinkLetter(booking, LINK_TOKEN_PLACEHOLDER, BOOKING_LINK_MINUTES, await company(), mail), linkToken: event.secret }];
  },
  // A reset used its link and ended the account's others: their tokens, if an e-mail still waits, go with them.
  async password_changed(tx, event, { mail, company }) {
    if (event.data.how === 'reset') await forgetDeadLinks(tx);
    return [passwordChangedLetter(await accountOf(tx, event.data.userId), event.data.how, await company(), mail)];
  },
  // The invitation's stored copy keeps its link while it waits (the owners read it in the outbox).
  async staff_invited(_tx, event, { mail, company }) {
    if (!event.secret) throw new Error('a staff invitation was recorded without its link');
    return [staffInvitationLetter(event.data, event.secret, await company(), mail)];
  },
  // Bank details are the owners': they, not every staff member, hear of a change.
  async bank_details_changed(tx, event, { mail, company }) {
    const owners = await tx.select({ id: users.id, name: users.name, email: userEmail }).from(users).where(eq(users.staffRole, 'owner'));
    const changedBy = owners.find((owner) => owner.id === event.data.changedBy) ?? { name: 'a staff member', email: 'unknown' };
    const change = { changedBy, at: new Date(event.data.at), before: event.data.before, after: event.data.after };
    const settings = await company();
    return owners.map((owner) => bankDetailsChangedLetter(owner, change, settings, mail));
  },
  async driver_approved(tx, event, { mail, company }) {
    return [vettingApprovedLetter(await accountOf(tx, event.data.userId), await company(), mail)];
  },
  // The bookings it cancelled (their not_approved steps make no letter of their own) are listed here.
  async driver_rejected(tx, event, { mail, company }) {
    return [vettingRejectedLetter(await accountOf(tx, event.data.userId), event.data.reason, event.data.cancelled, await company(), mail)];
  },
};
