import type { ActivityEntry } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { describeStaffEntry } from './describeStaffEntry';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  _id: '1',
  at: '2026-11-27T15:00:00Z',
  actor: { _id: 'o', name: 'Olive' },
  kind: 'staff',
  action: 'changed',
  subjectId: 'x',
  subjectName: 'Mia Manager',
  before: null,
  after: null,
  ...over,
});
const say = (e: ActivityEntry) => describeStaffEntry(e.actor?.name ?? 'The site', e, e.before ?? {}, e.after ?? {});

describe('staff entries of the history', () => {
  it('names invitations by what happened to them', () => {
    expect(say(entry({ action: 'added', subjectName: 'mia@example.com', after: { invitation: 'sent', staff_role: 'manager' } })).headline).toBe(
      'Olive invited mia@example.com to join the staff as manager',
    );
    expect(
      say(entry({ action: 'removed', subjectName: 'mia@example.com', before: { invitation: 'pending' }, after: { invitation: 'cancelled' } })).headline,
    ).toBe('Olive cancelled the invitation of mia@example.com');
    expect(say(entry({ actor: { _id: 'm', name: 'Mia Manager' }, after: { invitation: 'accepted', user_id: 'm' } })).headline).toBe(
      'Mia Manager accepted the invitation to join the staff',
    );
  });

  it('says who joined, changed role or left', () => {
    expect(say(entry({ action: 'added', after: { staff_role: 'agent' } })).headline).toBe('Mia Manager joined the staff as counter agent');
    expect(say(entry({ before: { staff_role: 'agent' }, after: { staff_role: 'manager' } }))).toEqual({
      headline: 'Olive made Mia Manager manager',
      changes: ['Role counter agent → manager'],
    });
    expect(say(entry({ action: 'removed', before: { staff_role: 'manager' } })).headline).toBe('Olive removed Mia Manager from the staff (manager before)');
  });
});
