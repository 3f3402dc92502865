/**
 * "12,500": a number with thousands separators, as en-US writes it (what toLocaleString('en-US')
 * gives). Whole numbers, which is what the company counts (dollars, km, days), are grouped by hand:
 * the first use of Intl in a browser tab costs a phone 30-60 ms of one task, and the public pages
 * group prices while they are being hydrated. Anything else (fractions, beyond 2^53) goes to one
 * en-US formatter made on first use. A test holds the two ways equal.
 */
let grouping: Intl.NumberFormat | undefined;

export function groupedNumber(n: number): string {
  if (Number.isSafeInteger(n)) {
    const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
    return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
  }
  grouping ??= new Intl.NumberFormat('en-US');
  return grouping.format(n);
}

/**
 * The one reader of an amount a person typed, in whole units of the currency as the folio keeps
 * them: "12,500", "JMD 12,500", "$12,500", "J$12500" and "$12,500 JMD" (what formatMoney shows,
 * pasted back) are all 12500. A leading minus gives a negative amount, so a form can say "cannot be
 * below zero" rather than "not an amount". Null for anything else (empty, words, decimals such as
 * "12,500.50": the company counts in whole dollars), and the caller says so in its own words.
 */
export function typedAmount(typed: string): number | null {
  let rest = typed.replace(/[\s,]/g, '').toUpperCase();
  let negative = false;
  const takeSign = () => {
    if (rest.startsWith('-')) {
      negative = true;
      rest = rest.slice(1);
    }
  };
  takeSign();
  rest = rest.replace(/^(?:JMD)?(?:J?\$)?/, '');
  if (!negative) takeSign();
  rest = rest.replace(/JMD$/, '');
  // Fifteen digits stay exact as a JavaScript number; each schema says its own maximum.
  if (!/^\d{1,15}$/.test(rest)) return null;
  const amount = Number(rest);
  return negative && amount > 0 ? -amount : amount;
}
