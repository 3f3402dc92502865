import { describe, expect, it } from 'vitest';
import { linksIn, whatsAppLink, whatsAppNumber, WHATSAPP_TEXT_MAX } from './outboxReading';

describe('reading a message of the outbox', () => {
  it('finds each link once, in order, without the full stop after it, and leaves out a link whose token was not kept', () => {
    const text =
      'See https://rent.example.com/my-bookings/WR-1. Or https://rent.example.com/reset-password?token=link-not-kept\nhttps://rent.example.com/my-bookings/WR-1\n(https://rent.example.com)';
    expect(linksIn(text)).toEqual(['https://rent.example.com/my-bookings/WR-1', 'https://rent.example.com']);
    expect(linksIn('No links here.')).toEqual([]);
  });

  it("writes a phone as WhatsApp wants it: country code and digits, Jamaica's own numbers completed", () => {
    expect(whatsAppNumber('+1 (876) 555-0142')).toBe('18765550142');
    expect(whatsAppNumber('876-555-0147')).toBe('18765550147');
    expect(whatsAppNumber('555 0147')).toBe('18765550147');
    expect(whatsAppNumber('+44 20 7946 0958')).toBe('442079460958');
    expect(whatsAppNumber('12')).toBeNull();
  });

  it('fills in the text, cut when a long letter would not fit in a link', () => {
    expect(whatsAppLink('876 555 0147', ' Hello & welcome \n')).toBe('https://wa.me/18765550147?text=Hello%20%26%20welcome');
    const long = whatsAppLink('876 555 0147', 'x'.repeat(5000))!;
    expect(decodeURIComponent(long.split('text=')[1]!)).toHaveLength(WHATSAPP_TEXT_MAX);
    expect(whatsAppLink('none', 'Hello')).toBeNull();
  });
});
