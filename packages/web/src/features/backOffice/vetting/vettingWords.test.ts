import { describe, expect, it } from 'vitest';
import {
  birthText,
  checkFindings,
  checkTitle,
  documentText,
  emptyListText,
  expiresText,
  issuedText,
  reasonProblem,
  STAFF_VETTING_WORDS,
  tabFromSearch,
  VETTING_TABS,
  VETTING_TONE,
  vettingLink,
} from './vettingWords';

const ID = '0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77';

describe('driver checks in staff’s words', () => {
  it('says plainly that a customer gave no driver details, and colours each status', () => {
    expect(STAFF_VETTING_WORDS).toEqual({ not_submitted: 'No driver details', waiting: 'Waiting for a check', approved: 'Approved', rejected: 'Not approved' });
    expect(VETTING_TONE).toEqual({ not_submitted: 'missing', waiting: 'waiting', approved: 'good', rejected: 'bad' });
  });

  it('offers the four lists, waiting first, and reads the list from the address', () => {
    expect(VETTING_TABS.map((tab) => tab.label)).toEqual(['Waiting', 'Approved', 'Not approved', 'Do not rent']);
    expect(tabFromSearch('')).toBe('waiting');
    expect(tabFromSearch('?status=rejected')).toBe('rejected');
    expect(tabFromSearch('?status=do_not_rent')).toBe('do_not_rent');
    expect(tabFromSearch('?status=everyone')).toBe('waiting');
  });

  it('links a booking’s customer to their card on their list; none while they gave no details', () => {
    expect(vettingLink({ _id: ID, vetting: 'waiting', doNotRent: false })).toBe(`/owner/vetting?status=waiting#customer-${ID}`);
    expect(vettingLink({ _id: ID, vetting: 'approved', doNotRent: true })).toBe(`/owner/vetting?status=do_not_rent#customer-${ID}`);
    expect(vettingLink({ _id: ID, vetting: 'not_submitted', doNotRent: false })).toBeNull();
  });

  it('says each empty list in plain words', () => {
    expect(emptyListText('waiting')).toBe('Nobody is waiting for a check. Customers appear here as soon as they give their driver details.');
    expect(emptyListText('do_not_rent')).toBe('No customer is marked do not rent.');
  });

  it('titles a check by its booking and days, or as today’s, and says when the rules are met', () => {
    const check = { reference: 'WR-7K3M9Q', pickupDate: '2026-12-05', returnDate: '2026-12-07', problems: [] };
    expect(checkTitle(check)).toBe('WR-7K3M9Q: Sat 5 Dec 2026 to Mon 7 Dec 2026');
    expect(checkFindings(check)).toEqual(['Meets the rules']);
    const today = {
      reference: null,
      pickupDate: '2026-11-25',
      returnDate: '2026-11-25',
      problems: ['You must be 23 or older on the pickup day to rent a car.'],
    };
    expect(checkTitle(today)).toBe('Today (no booking coming): Wed 25 Nov 2026');
    expect(checkFindings(today)).toEqual(['You must be 23 or older on the pickup day to rent a car.']);
  });

  it('writes the dates of a licence and a birth as the site does, with the age and years held', () => {
    expect(birthText('2003-11-26', '2026-11-25')).toBe('Wed 26 Nov 2003 (22 years old)');
    expect(birthText('2003-11-25', '2026-11-25')).toBe('Tue 25 Nov 2003 (23 years old)');
    expect(issuedText('2024-11-25', '2026-11-25')).toBe('Mon 25 Nov 2024 (2 years ago)');
    expect(issuedText('2026-01-10', '2026-11-25')).toBe('Sat 10 Jan 2026 (less than a year ago)');
    expect(expiresText('2026-11-24', '2026-11-25')).toBe('Tue 24 Nov 2026 (expired)');
    expect(expiresText('2030-01-01', '2026-11-25')).toBe('Tue 1 Jan 2030');
  });

  it('names a document by its kind, type and size', () => {
    expect(documentText({ kind: 'passport', mimeType: 'image/webp', size: 250_000 })).toBe('Passport, photo, 244 KB');
    expect(documentText({ kind: 'licence_front', mimeType: 'application/pdf', size: 3 * 1024 * 1024 })).toBe('Driving licence (front), PDF, 3.0 MB');
  });

  it('asks a reason in the server’s words before not approving or marking do not rent', () => {
    expect(reasonProblem('rejected', ID, '  ')).toBe('Please give the reason the customer is not approved: they are told it.');
    expect(reasonProblem('rejected', ID, 'The licence photo cannot be read')).toBeNull();
    expect(reasonProblem('do_not_rent', ID, '')).toBe('Reason is required.');
    expect(reasonProblem('do_not_rent', ID, 'x'.repeat(301))).toBe('Reason can be at most 300 characters long.');
  });
});
