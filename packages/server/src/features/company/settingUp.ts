/**
 * Until an owner saves the company settings, the phone and e-mail are the shipped placeholders:
 * settings read then are marked here (features/company/settings.ts), and the letters
 * (features/mail/letters.ts compose) leave them out, saying the company is setting up.
 */
import { COMPANY_SETTING_UP, type CompanySettings } from '@rental/contract';

const SETTING_UP = new WeakSet<CompanySettings>();

export function markSettingUp(company: CompanySettings): CompanySettings {
  SETTING_UP.add(company);
  return company;
}

/** Were these settings read before an owner saved the company's phone and e-mail? */
export function companySettingUp(company: CompanySettings): boolean {
  return SETTING_UP.has(company);
}

/** What a letter says instead of the contacts, while the company is setting up. */
export const SETTING_UP_WORDS = COMPANY_SETTING_UP;

/** A letter's words without the placeholder phone and e-mail: "Call us on <phone>" becomes "Contact us". */
export function withoutPlaceholderContacts(text: string, company: Pick<CompanySettings, 'phone' | 'email'>): string {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`([Cc])all us on ${escape(company.phone)}`, 'g'), (_m, c: string) => (c === 'C' ? 'Contact us' : 'contact us'))
    .replaceAll(company.phone, 'our office')
    .replaceAll(company.email, 'our office');
}
