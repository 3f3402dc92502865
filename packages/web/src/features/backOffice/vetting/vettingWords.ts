/**
 * Driver checks in staff's words: which list a customer is on, how their status reads and looks,
 * what a check on a booking says, and the reason a decision needs. Pure, tested without React.
 */
import { type DocumentKind, DOCUMENT_KIND_WORDS, type VettingStatus } from '@rental/contract/constants';
import { wholeYears } from '@rental/contract/driverRules';
import { doNotRentBody, type VettingEntry, vettingDecisionBody } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../../lib/dates';
import { fileSizeText } from '../../../lib/fileSize';

/** The page's lists, as the API names them (GET /api/owner/vetting?status=). */
export const VETTING_TABS = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Not approved' },
  { value: 'do_not_rent', label: 'Do not rent' },
] as const;
export type VettingTab = (typeof VETTING_TABS)[number]['value'];

export const VETTING_PATH = '/owner/vetting';

/** The list the address asks for (?status=), waiting when it names none or one that does not exist. */
export function tabFromSearch(search: string): VettingTab {
  const asked = new URLSearchParams(search).get('status');
  return VETTING_TABS.find((tab) => tab.value === asked)?.value ?? 'waiting';
}

/** What staff read when a list is empty. */
export function emptyListText(tab: VettingTab): string {
  switch (tab) {
    case 'waiting':
      return 'Nobody is waiting for a check. Customers appear here as soon as they give their driver details.';
    case 'approved':
      return 'No customer is approved yet.';
    case 'rejected':
      return 'No customer is marked not approved.';
    case 'do_not_rent':
      return 'No customer is marked do not rent.';
  }
}

/**
 * A customer's check as staff read it: not_submitted says plainly that the details are missing
 * (the customer's own words, "Driver details not given yet", speak to the customer).
 */
export const STAFF_VETTING_WORDS: Record<VettingStatus, string> = {
  not_submitted: 'No driver details',
  waiting: 'Waiting for a check',
  approved: 'Approved',
  rejected: 'Not approved',
};

export type ChipTone = 'missing' | 'waiting' | 'good' | 'bad';
export const VETTING_TONE: Record<VettingStatus, ChipTone> = { not_submitted: 'missing', waiting: 'waiting', approved: 'good', rejected: 'bad' };

/** Amber waiting, green approved, red not approved; missing details grey. */
export const CHIP_STYLE: Record<ChipTone, string> = {
  missing: 'bg-slate-100 text-slate-800 ring-slate-500/40',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  bad: 'bg-red-50 text-red-700 ring-red-600/30',
};

/**
 * Where staff find a booking's customer on the driver checks page: their list, and their card
 * (#customer-<id>). None while they have given no details: no list holds them yet.
 */
export function vettingLink(user: { _id: string; vetting: VettingStatus; doNotRent: boolean }): string | null {
  const tab: VettingTab | null = user.doNotRent ? 'do_not_rent' : user.vetting === 'not_submitted' ? null : user.vetting;
  return tab ? `${VETTING_PATH}?status=${tab}#${customerAnchor(user._id)}` : null;
}

export const customerAnchor = (id: string) => `customer-${id}`;

type Check = VettingEntry['checks'][number];

/** "WR-7K3M9Q: Sat 5 Dec 2026 to Mon 7 Dec 2026", or today's check when no booking is coming. */
export function checkTitle(check: Check): string {
  if (!check.reference) return `Today (no booking coming): ${formatCalendarDate(check.pickupDate)}`;
  return `${check.reference}: ${formatCalendarDate(check.pickupDate)} to ${formatCalendarDate(check.returnDate)}`;
}

/** What a check found: the rules broken, or that there are none. */
export function checkFindings(check: Check): string[] {
  return check.problems.length > 0 ? check.problems : ['Meets the rules'];
}

/** "Sat 3 May 1990 (36 years old)": the age on the company's today. */
export function birthText(dateOfBirth: string, today: string): string {
  return `${formatCalendarDate(dateOfBirth)} (${wholeYears(dateOfBirth, today)} years old)`;
}

/** "Tue 2 Jan 2018 (8 years ago)". */
export function issuedText(licenceIssued: string, today: string): string {
  const years = wholeYears(licenceIssued, today);
  return `${formatCalendarDate(licenceIssued)} (${years === 0 ? 'less than a year ago' : `${years} year${years === 1 ? '' : 's'} ago`})`;
}

/** "Wed 4 Jan 2023 (expired)" when it has. */
export function expiresText(licenceExpires: string, today: string): string {
  return `${formatCalendarDate(licenceExpires)}${licenceExpires < today ? ' (expired)' : ''}`;
}

/** "Passport, photo, 245 KB". */
export function documentText(document: { kind: DocumentKind; mimeType: string; size: number }): string {
  const type = document.mimeType === 'application/pdf' ? 'PDF' : 'photo';
  const size = fileSizeText(document.size);
  return `${DOCUMENT_KIND_WORDS[document.kind]}, ${type}, ${size}`;
}

/** The two decisions that need a reason, and who reads it. */
export type ReasonKind = 'rejected' | 'do_not_rent';

/** The reason's problem in the server's own words, or null when it may be sent. */
export function reasonProblem(kind: ReasonKind, userId: string, reason: string): string | null {
  const result = kind === 'rejected' ? vettingDecisionBody.safeParse({ userId, decision: 'rejected', reason }) : doNotRentBody.safeParse({ reason });
  if (result.success) return null;
  return result.error.issues.find((issue) => issue.path[0] === 'reason')?.message ?? result.error.issues[0]?.message ?? null;
}
