import { describe, expect, it } from 'vitest';
import { frameDocument, kindWords, sizeWords } from './messageView';

describe("the outbox's message view", () => {
  it('frames the HTML with a policy that runs nothing, and links that open in a new tab', () => {
    const framed = frameDocument('<!doctype html><html><body><p>Hello</p><script>alert(1)</script></body></html>');
    expect(framed).toMatch(/^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    expect(framed).toContain('<base target="_blank">');
    expect(framed).toContain('<p>Hello</p>');
    expect(frameDocument('<html><head><title>x</title></head><body></body></html>')).toContain('<head><meta http-equiv');
    expect(frameDocument('<p>bare</p>')).toBe(
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; form-action 'none'"><base target="_blank"></head><body><p>bare</p></body></html>`,
    );
  });

  it('says sizes and kinds in words', () => {
    expect(sizeWords(900)).toBe('900 bytes');
    expect(sizeWords(12_400)).toBe('12 KB');
    expect(sizeWords(1_500_000)).toBe('1.4 MB');
    expect(kindWords('pickup_reminder')).toBe('Pickup reminder');
    expect(kindWords('')).toBe('Message');
  });
});
