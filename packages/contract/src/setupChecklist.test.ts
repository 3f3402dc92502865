import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY } from './company';
import { whatToBring } from './reminders';
import { contactsAreShipped, SETUP_ITEMS, SETUP_WORDS, setupLeft } from './setupChecklist';

describe("a first start's checklist and the reminders' words", () => {
  it('lists what is left in order, and nothing once all is done', () => {
    const none = Object.fromEntries(SETUP_ITEMS.map((item) => [item, false])) as Record<(typeof SETUP_ITEMS)[number], boolean>;
    expect(setupLeft(none)).toEqual([...SETUP_ITEMS]);
    expect(setupLeft({ ...none, car: true, mail: true })).toEqual(['companyFacts', 'bankDetails', 'cardPayments', 'secondStaff']);
    expect(setupLeft(Object.fromEntries(SETUP_ITEMS.map((item) => [item, true])) as typeof none)).toEqual([]);
    for (const item of SETUP_ITEMS) expect(SETUP_WORDS[item].task.length).toBeGreaterThan(0);
  });

  it('counts the contacts as the shipped ones until saved and changed', () => {
    const own = { phone: '+1 876 943 2210', email: 'desk@example.com', chatUrl: 'https://wa.me/18769432210' };
    expect(contactsAreShipped(own, false)).toBe(true);
    expect(contactsAreShipped(DEFAULT_COMPANY, true)).toBe(true);
    expect(contactsAreShipped({ ...own, chatUrl: DEFAULT_COMPANY.chatUrl }, true)).toBe(true);
    expect(contactsAreShipped(own, true)).toBe(false);
  });

  it("says what to bring with the company's own drivers' rules", () => {
    expect(whatToBring({ minDriverAge: 25, minLicenceYears: 1 })).toEqual([
      'Your driver’s licence, held for at least 1 year',
      'Proof of your age: drivers must be 25 or older (your passport shows it)',
      'A valid passport or a work ID (visitors to Jamaica: your passport)',
      'Proof of address (a recent utility bill or bank statement)',
    ]);
    expect(whatToBring({ minDriverAge: 23, minLicenceYears: 0 })[0]).toBe('Your driver’s licence');
  });
});
