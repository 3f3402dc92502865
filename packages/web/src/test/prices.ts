/**
 * The company's prices and quotes through the real API, for the tests of the customer's price
 * screens: what the server quotes is what a page must show, so tests read totals from here instead
 * of working them out.
 */
import type { Extra, PriceRules, Quote } from '@rental/contract/quote';
import type { PricesBodyInput, QuoteBodyInput } from '@rental/contract/schemas';
import { within } from '@testing-library/react';
import { ownerApi, testApi } from './api';

export async function apiQuote(body: QuoteBodyInput): Promise<Quote> {
  return (await testApi().call('quote', { body })).quote;
}

type Stored = { rules: PriceRules; extras: Extra[] };

async function storedPrices(): Promise<Stored> {
  const { rules, extras } = await ownerApi().call('ownerPrices');
  return { rules, extras };
}

/**
 * Changes the company's prices as staff would, and answers how to put them back (other files'
 * pages read the same server): extras still on offer keep their ids, archived ones come back as new.
 */
export async function changePrices(change: (before: Stored) => PricesBodyInput): Promise<{ saved: Stored; restore: () => Promise<void> }> {
  const before = await storedPrices();
  const saved = await ownerApi().call('savePrices', { body: change(before) });
  return {
    saved: { rules: saved.rules, extras: saved.extras },
    restore: async () => {
      const live = new Set((await storedPrices()).extras.map((e) => e.id));
      const extras = before.extras.map(({ id, ...rest }) => (live.has(id) ? { id, ...rest } : rest));
      await ownerApi().call('savePrices', { body: { ...before.rules, extras } });
    },
  };
}

/** The amount a quote on screen gives for a row (a line's label, Subtotal, GCT (15%), Total, the deposit). */
export function quoteRow(container: HTMLElement, label: string): string | null | undefined {
  const name = within(container).getByText(label, { selector: 'dt > span' });
  return name.closest('dt')?.nextElementSibling?.textContent;
}

/** What a line on screen says under its label: "3 days × $6,500 JMD". */
export function quoteDetail(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label, { selector: 'dt > span' }).nextElementSibling?.textContent;
}
