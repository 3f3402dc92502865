/**
 * A first start's checklist (the staff dashboard shows it until every item is done): what the
 * owner has left to do before the site is the company's own. The server says which items are done
 * (features/backOffice/setupChecklist.ts); the words and where each is fixed live here.
 */
import type { CompanyFacts } from './company';
// The shipped contacts from shippedCompany.ts, not DEFAULT_COMPANY: the staff area's use of it kept the
// shipped bank holidays (computed as company.ts loads) in the web's entry script, which holds company.ts.
import { SHIPPED_PUBLIC_FACTS as SHIPPED } from './shippedCompany';

export const SETUP_ITEMS = ['companyFacts', 'bankDetails', 'car', 'mail', 'cardPayments', 'secondStaff'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];
export type SetupStatus = Record<SetupItem, boolean>;

export interface SetupItemWords {
  /** What is left, as a task. */
  task: string;
  /** Why it matters and how, in a sentence. */
  how: string;
  /** The page where it is done; null when it is done on the server (an address whoever runs the site sets). */
  href: string | null;
  /** The link's words. */
  action: string;
}

export const SETUP_WORDS: Record<SetupItem, SetupItemWords> = {
  companyFacts: {
    task: 'Give the company’s own phone, e-mail and WhatsApp link',
    how: 'The site ships with example contacts. Until you save yours, customers see that the company is setting up instead of a phone or e-mail.',
    href: '/owner/settings',
    action: 'Open the company settings',
  },
  bankDetails: {
    task: 'Add the bank account for deposits',
    how: 'Customers who pay by bank deposit are told to pay into it.',
    href: '/owner/bank-details',
    action: 'Add the bank details',
  },
  car: { task: 'Add your first car', how: 'Customers can book only the cars listed here.', href: '/owner/add-car', action: 'Add a car' },
  mail: {
    task: 'Turn on e-mail',
    how: 'E-mails wait in the outbox until whoever runs the site sets the mail server address (SMTP_URL). You can read them there meanwhile.',
    href: '/owner/outbox',
    action: 'Open the outbox',
  },
  cardPayments: {
    task: 'Turn on card payments',
    how: 'Customers can pay by card once whoever runs the site sets the payment provider (PAYMENT_PROVIDER, with the WiPay account).',
    href: null,
    action: '',
  },
  secondStaff: {
    task: 'Invite a second staff member',
    how: 'A manager or counter agent with their own login, so the desk does not share your password.',
    href: '/owner/staff',
    action: 'Open the staff page',
  },
};

/** Are the company's contacts still the shipped examples (or never saved)? */
export function contactsAreShipped(company: Pick<CompanyFacts, 'phone' | 'email' | 'chatUrl'>, saved: boolean): boolean {
  return !saved || company.phone === SHIPPED.phone || company.email === SHIPPED.email || company.chatUrl === SHIPPED.chatUrl;
}

/** The items left, in the checklist's order. */
export function setupLeft(status: SetupStatus): SetupItem[] {
  return SETUP_ITEMS.filter((item) => !status[item]);
}
