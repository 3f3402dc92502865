/** Calendar-date arithmetic on YYYY-MM-DD strings (no time zone involved), as the contract does. */
export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
