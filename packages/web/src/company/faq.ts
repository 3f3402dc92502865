/**
 * The About page's questions, answered from what the company sells (GET /api/prices) and its
 * settings, so the FAQ never says "no extra coverage" while a damage waiver is on the payment step.
 */
import type { CompanyFacts } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { EXTRA_CHARGE_WORDS, type Extra, isDamageWaiver } from '@rental/contract/quote';
import { PAYMENT_WAYS_IN_SHORT } from '@rental/contract/paymentWords';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqFacts {
  extras: readonly Extra[];
  gctPercent: number;
  company: Pick<CompanyFacts, 'currency' | 'damageExcess' | 'waiverExcess'>;
}

const TOWING = /\btow|hitch/i;

function priced(extra: Extra, facts: FaqFacts): string {
  const plusGct = facts.gctPercent > 0 ? ' plus GCT' : '';
  return `${formatMoney(extra.price, facts.company.currency)} ${EXTRA_CHARGE_WORDS[extra.charge]}${plusGct}`;
}

function listed(extras: readonly Extra[], facts: FaqFacts): string {
  return extras.map((extra) => `${extra.name} (${priced(extra, facts)})`).join(', ');
}

/** `facts` null: what the company sells is not known yet, so only the questions that do not depend on it. */
export function faqEntries(facts: FaqFacts | null): FaqEntry[] {
  const payment = { question: 'Can I rent without a credit card?', answer: `Yes. ${PAYMENT_WAYS_IN_SHORT}` };
  if (!facts) return [payment];
  const money = (amount: number) => formatMoney(amount, facts.company.currency);
  const waiver = facts.extras.find((extra) => isDamageWaiver(extra.name));
  const towing = facts.extras.find((extra) => TOWING.test(extra.name));
  const entries: FaqEntry[] = [
    towing
      ? { question: 'Can I tow with a rental car?', answer: `Yes, with our ${towing.name} (${priced(towing, facts)}), added when you book.` }
      : { question: 'Can I tow with a rental car?', answer: 'No. Our vehicles have no tow hitch, and towing is not allowed with any of our cars.' },
    waiver
      ? {
          question: 'Do you offer extra insurance coverage?',
          answer:
            `Yes: the ${waiver.name} (${priced(waiver, facts)}), chosen when you book. With it, the most you pay towards damage to or loss of the car is ` +
            `${money(facts.company.waiverExcess)}; without it, ${money(facts.company.damageExcess)}.`,
        }
      : { question: 'Do you offer extra insurance coverage?', answer: 'No. We do not offer extra coverage beyond what is included with the rental.' },
  ];
  if (facts.extras.length > 0) entries.push({ question: 'What can I add to my rental?', answer: `${listed(facts.extras, facts)}. Choose them when you book.` });
  entries.push(payment);
  return entries;
}
