/**
 * "12,500": a number with thousands separators, as en-US writes it (what toLocaleString('en-US')
 * gives). One formatter, made on first use: toLocaleString with a locale builds a new formatter on
 * every call, and a list of cars formats dozens of prices while the page is being hydrated.
 */
let grouping: Intl.NumberFormat | undefined;

export function groupedNumber(n: number): string {
  grouping ??= new Intl.NumberFormat('en-US');
  return grouping.format(n);
}
