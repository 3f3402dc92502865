import { dateParts, MONTHS } from '../../lib/dates';

/** "28 Nov – 1 Dec 2026" (both years when the rental crosses New Year): short enough for a phone. */
export function formatRentalPeriod(from: string, to: string): string {
  const a = dateParts(from);
  const b = dateParts(to);
  if (!a || !b) return `${from} – ${to}`;
  const start = a.y === b.y ? `${a.d} ${MONTHS[a.m - 1]}` : `${a.d} ${MONTHS[a.m - 1]} ${a.y}`;
  return `${start} – ${b.d} ${MONTHS[b.m - 1]} ${b.y}`;
}
