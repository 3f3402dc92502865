/**
 * An erased person's own words (name, e-mail, phone, licence numbers, addresses) blotted out of free
 * text the company keeps: a folio line's label, staff's note on a payment, an e-mail to staff that
 * named them. Ground, not a feature: the erasure (drivers), the folio (bookings) and the papers
 * (counter) each rewrite their own rows with the one scrubber the erasure made.
 */
import { type SQL, sql } from 'drizzle-orm';

export const ERASED_WORDS = '[erased]';

/** Shorter words would blot out other people's text ("Al" in "Alice"); an erasure's words are whole values. */
const SHORTEST = 3;

export interface Scrub {
  (text: string): string;
  /** The words it blots out, for finding the rows that hold one (likeAny). */
  readonly words: readonly string[];
}

/** As the letters escape their HTML bodies (features/mail/letters.ts). */
const asHtml = (word: string) => word.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const literal = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each word, case apart, and its HTML-escaped form (an e-mail's HTML body), with ERASED_WORDS. */
export function scrubberOf(words: Iterable<string | null | undefined>): Scrub {
  const kept = new Set<string>();
  for (const word of words) {
    const trimmed = word?.trim();
    if (!trimmed || trimmed.length < SHORTEST) continue;
    kept.add(trimmed);
    kept.add(asHtml(trimmed));
  }
  // Longest first, so a word inside a longer one does not leave the longer one's rest behind.
  const sorted = [...kept].sort((a, b) => b.length - a.length);
  const pattern = sorted.length > 0 ? new RegExp(sorted.map(literal).join('|'), 'gi') : null;
  return Object.assign((text: string) => (pattern ? text.replace(pattern, ERASED_WORDS) : text), { words: sorted });
}

/** An SQL array of ILIKE patterns, one a word, for `column ILIKE ANY (...)`: the rows a scrub would change; null when it has no words. */
export function likeAny(scrub: Scrub): SQL | null {
  if (scrub.words.length === 0) return null;
  const patterns = scrub.words.map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
  return sql`ARRAY[${sql.join(
    patterns.map((pattern) => sql`${pattern}`),
    sql`, `,
  )}]::text[]`;
}

/** Every string inside a JSON value scrubbed (keys and structure as they were). */
export function scrubJson<T>(value: T, scrub: Scrub): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, scrub)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubJson(item, scrub)])) as T;
  return value;
}
