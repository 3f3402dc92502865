/**
 * Finding a booking without an account password (issue 33 item 4, docs/decisions/123): the
 * reference and the renter's last name or e-mail show the booking read-only and send a one-time
 * sign-in link to the renter's address. The link opens a session for that booking alone. The rule
 * of what matches, the words and the limits live here, for the server and the page alike.
 */

/** The one-time link works this long after it is sent. */
export const BOOKING_LINK_MINUTES = 30;
/** The session the link opens lasts this long (that booking only; a new link is one look-up away). */
export const BOOKING_SESSION_HOURS = 2;
/** Links one booking may be sent in BOOKING_LINK_WINDOW_MINUTES, whoever asks: no mailbox is flooded. */
export const BOOKING_LINKS_PER_WINDOW = 3;
export const BOOKING_LINK_WINDOW_MINUTES = 15;

export const BOOKING_LOOKUP_REFUSALS = {
  // Never says which part was wrong: the reference, or the name or e-mail typed beside it.
  lookup_no_match: 'We could not find a booking with these details. Please check the booking reference and the last name or e-mail address on the booking.',
  lookup_link_gone: 'This sign-in link no longer works: it was used already, or its 30 minutes ran out. Please look up your booking again for a new link.',
} as const;
export type BookingLookupRefusal = keyof typeof BOOKING_LOOKUP_REFUSALS;

export const BOOKING_LOOKUP_MESSAGES = {
  linkSent: `We have e-mailed a sign-in link for this booking to the address on it. The link works once, within ${BOOKING_LINK_MINUTES} minutes.`,
  linkSentLately: 'We sent sign-in links for this booking a few minutes ago. Please use the newest one in your e-mail, or try again in 15 minutes.',
  noEmail: 'There is no e-mail address on this booking, so we cannot send a sign-in link. Please call us or visit the counter.',
  signedIn: 'You are signed in to this booking.',
  /** A scoped session asking for another booking, or for anything else. */
  otherBooking: 'This sign-in link opens one booking only. Please log in to your account to see the rest.',
} as const;

/** What a person types, compared without case, accents or spacing. */
function plain(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s'’.-]+/g, ' ')
    .trim();
}

/**
 * Does what was typed name this renter? Their e-mail address (any case), or their last name: the
 * last word or words of the name on the account ("Brown" and "Mc Kenzie-Brown" both match "Ann
 * Mc Kenzie-Brown"), without case, accents, extra spaces or apostrophes. The whole name matches too.
 */
export function lastNameOrEmailMatches(renter: { name: string; email: string | null }, typed: string): boolean {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return false;
  if (wanted.includes('@')) return renter.email !== null && renter.email.trim().toLowerCase() === wanted;
  const name = plain(renter.name);
  const words = plain(typed);
  if (words.length < 2 || name === '') return false;
  if (name === words || name.endsWith(` ${words}`)) return true;
  // "McKenzie" typed for "Mc Kenzie", or the other way round.
  const compactName = name.replace(/ /g, '');
  const compactWords = words.replace(/ /g, '');
  const nameWords = name.split(' ');
  for (let i = 1; i < nameWords.length; i++) if (nameWords.slice(i).join('') === compactWords) return true;
  return compactName === compactWords;
}
