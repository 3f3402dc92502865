/**
 * Reading a message of the outbox (staff's outbox page): the links in its text, each to copy, and a
 * WhatsApp click-to-chat link to the customer's phone with the message's text filled in. Pure, so
 * the server answers what the page shows and tests can hold both to it.
 */

/** Written in a stored link where a one-time token went (server mail/outbox.ts): such a link does not work. */
export const NOT_KEPT_LINK_MARK = 'link-not-kept';

/** The web addresses in a message's text, each once, in order; links whose token was not kept are left out. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'()]+/g) ?? [];
  const links = found.map((link) => link.replace(/[.,;:!?]+$/, '')).filter((link) => !link.includes(NOT_KEPT_LINK_MARK));
  return [...new Set(links)];
}

/**
 * The phone as WhatsApp wants it: the country code and number, digits only. Jamaica's own numbers
 * are often written without the country code ("876 555 0123", or "555 0123" in the 876 area);
 * anything too short to be a number answers null.
 */
export function whatsAppNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 7) return `1876${digits}`;
  if (digits.length === 10 && /^(876|658)/.test(digits)) return `1${digits}`;
  if (digits.length < 8 || digits.length > 15) return null;
  return digits;
}

/** Characters of a message's text put in a WhatsApp link: a long letter is cut rather than refused by the browser. */
export const WHATSAPP_TEXT_MAX = 1800;

/** "https://wa.me/18765550123?text=..." with the text filled in; null when the phone is not a number. */
export function whatsAppLink(phone: string, text: string): string | null {
  const number = whatsAppNumber(phone);
  if (!number) return null;
  const trimmed = text.trim();
  const body = trimmed.length > WHATSAPP_TEXT_MAX ? `${trimmed.slice(0, WHATSAPP_TEXT_MAX - 1)}…` : trimmed;
  return `https://wa.me/${number}?text=${encodeURIComponent(body)}`;
}
