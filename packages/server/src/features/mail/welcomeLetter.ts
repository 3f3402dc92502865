import { type CompanySettings, WELCOME_LINK_DAYS } from '@rental/contract';
import { compose, type Letter, type MailSettings } from './letters';

/**
 * To a customer staff booked for at the counter or on the phone: their account exists, and this
 * link (a password-reset link, features/auth/passwordReset.ts) lets them choose its password.
 */
export function welcomeLetter(account: { name: string; email: string }, token: string, company: CompanySettings, mail: MailSettings): Letter {
  return compose(
    'welcome_link',
    account.email,
    `Welcome to ${company.name}: choose your password`,
    `Hello ${account.name},`,
    [
      `Thank you for booking with ${company.name}. We made an account for you with this e-mail address, where you can see your bookings and give your driving licence details before pickup.`,
      `Open this link to choose your password. It works once, within ${WELCOME_LINK_DAYS} days.`,
      { link: `${mail.siteUrl}/reset-password?token=${encodeURIComponent(token)}`, label: 'Choose your password' },
      `If you did not book with us, ignore this e-mail or call us on ${company.phone}.`,
    ],
    company,
    mail,
  );
}
