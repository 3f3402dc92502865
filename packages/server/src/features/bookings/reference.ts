/**
 * Booking references are "WR-" and six characters people can read out on the phone without
 * confusion (capital letters and digits, no 0, 1, O or I). The database makes them
 * (new_booking_reference() in migrations/0004); this is how what people type is read.
 */
export const REFERENCE_PATTERN = /^WR-[2-9A-HJ-NP-Z]{6}$/;

/** "wr-7k3m9q", " WR 7K3M9Q " -> "WR-7K3M9Q": what a caller reads out or types is found. */
export function normaliseReference(value: string): string {
  const compact = value.trim().toUpperCase().replace(/[\s-]/g, '');
  return compact.startsWith('WR') ? `WR-${compact.slice(2)}` : compact;
}
