const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** "Dec 3 – Dec 6, 2026", or with both years when the rental crosses New Year: short enough for a phone. */
export function formatRentalPeriod(pickupDate: string, returnDate: string): string {
  const sameYear = pickupDate.slice(0, 4) === returnDate.slice(0, 4);
  const from = (sameYear ? dayMonth : dayMonthYear).format(toUtc(pickupDate));
  return `${from} – ${dayMonthYear.format(toUtc(returnDate))}`;
}
