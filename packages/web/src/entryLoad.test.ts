/**
 * What loading the entry script costs a phone before anything is drawn by it: its modules' top
 * levels run in one task after the first paint, so none may build a date formatter or a collator
 * there (the first of each loads the browser's locale or zone data: 10-60 ms on a phone's slower CPU,
 * timed in Chromium on this machine). Each is made when first used, in the part that uses it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the entry script', () => {
  it('builds no date formatter and compares no strings by locale while its modules load', async () => {
    vi.resetModules();
    const formatters = vi.spyOn(Intl, 'DateTimeFormat');
    const collators = vi.spyOn(Intl, 'Collator');
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
    // AppRoot is what main.tsx renders: the layout, the session, the footer and the company's facts (pages load later, on their own).
    await import('./AppRoot');
    expect(formatters).not.toHaveBeenCalled();
    expect(collators).not.toHaveBeenCalled();
    expect(localeCompare).not.toHaveBeenCalled();
  });
});
