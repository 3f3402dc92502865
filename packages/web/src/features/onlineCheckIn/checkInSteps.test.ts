import { CHECK_IN_CLOSED_WORDS, DEFAULT_WEEK_HOURS, ONLINE_CHECK_IN_REFUSALS } from '@rental/contract/onlineCheckIn';
import type { OnlineCheckInState } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import {
  checkInCall,
  firstStep,
  missingBeforeSigning,
  needsNewCode,
  pickupTimeChoices,
  refusalPlace,
  refusalWords,
  stepsOpen,
  tidyFlightNumber,
} from './checkInSteps';

function stateWith(drivers: OnlineCheckInState['drivers']['state'], completed: OnlineCheckInState['completed'] = null): OnlineCheckInState {
  return {
    bookingId: 'b1',
    reference: 'WR-7K3M9Q',
    open: completed === null,
    closedReason: completed ? 'completed' : null,
    closedMessage: null,
    opensAt: '2026-12-09T08:00:00.000Z',
    completed,
    trail: [],
    drivers: { state: drivers, drivers: [] },
    arrival: {
      state: 'to_do',
      pickupDate: '2026-12-12',
      location: 'Portmore',
      hours: { opens: '08:00', closes: '18:00' },
      pickupTime: null,
      delivery: null,
      flightNumber: null,
    },
    agreement: {
      state: 'to_do',
      document: { company: { name: 'Waterford', lines: [] }, title: 'Rental agreement', sections: [], signing: 'I agree.' },
      codeEmail: 'j•••@example.com',
      codeSentAt: null,
      codeExpiresAt: null,
      triesLeft: 5,
    },
    money: { state: 'to_do', balance: 20_000, deposit: 50_000, currency: 'JMD', paymentMethod: 'cash_deposit', cardsOn: false, bankReference: 'WR-7K3M9Q' },
  };
}

describe('the steps a customer may open', () => {
  it('keeps Arrival shut until the drivers are given, and lets a driver waiting for our check through', () => {
    expect(stepsOpen(stateWith('to_do'), '')).toEqual({ drivers: true, arrival: false, agreement: false, money: true });
    expect(stepsOpen(stateWith('waiting'), '')).toEqual({ drivers: true, arrival: true, agreement: false, money: true });
    expect(stepsOpen(stateWith('done'), '10:30').agreement).toBe(true);
    expect(stepsOpen(stateWith('blocked'), '10:30').arrival).toBe(false);
  });

  it('starts on Drivers, and on Payment once signed', () => {
    expect(firstStep(stateWith('to_do'))).toBe('drivers');
    expect(firstStep(stateWith('done'))).toBe('drivers');
    expect(firstStep(stateWith('done', { completedAt: '2026-12-10T15:00:00.000Z', agreementSha256: 'ab' }))).toBe('money');
  });
});

describe('the pickup times offered', () => {
  it('runs every half hour from opening to closing, closing included, and none on a closed day', () => {
    const times = pickupTimeChoices({ opens: '09:00', closes: '14:00' });
    expect(times[0]).toBe('09:00');
    expect(times.at(-1)).toBe('14:00');
    expect(times).toHaveLength(11);
    expect(pickupTimeChoices({ opens: '08:15', closes: '09:00' })).toEqual(['08:15', '08:45', '09:00']);
    expect(pickupTimeChoices(null)).toEqual([]);
  });
});

describe('before Sign sends anything', () => {
  it('names what is missing, in order, and nothing once all is there', () => {
    expect(missingBeforeSigning({ pickupTime: '', code: '', signature: null, codeSent: false })).toEqual([
      'Choose your pickup time (step 2, Arrival).',
      'Ask for a code: press “Send me a code”.',
      ONLINE_CHECK_IN_REFUSALS.signature_missing,
    ]);
    expect(missingBeforeSigning({ pickupTime: '10:00', code: '12345', signature: 'data:image/png;base64,x', codeSent: true })).toEqual([
      'Type the 6-digit code from the e-mail.',
    ]);
    expect(missingBeforeSigning({ pickupTime: '10:00', code: ' 123456 ', signature: 'data:image/png;base64,x', codeSent: true })).toEqual([]);
  });

  it('tidies a flight number as airlines print it', () => {
    expect(tidyFlightNumber(' jm 12 ')).toBe('JM12');
  });
});

describe('a refusal, by its code', () => {
  it('lands on the step that fixes it', () => {
    expect(refusalPlace('pickup_time_outside_hours')).toBe('arrival');
    expect(refusalPlace('check_in_drivers_missing')).toBe('drivers');
    expect(refusalPlace('check_in_code_wrong')).toBe('code');
    expect(refusalPlace('signature_unreadable')).toBe('signature');
    expect(refusalPlace('check_in_done')).toBe('page');
    expect(refusalPlace('invalid_input')).toBe('form');
    expect(refusalPlace(undefined)).toBe('form');
  });

  it('reads the contract’s words for its own codes, the server’s sentence for others', () => {
    expect(refusalWords('check_in_code_expired', 'whatever the server said')).toBe(ONLINE_CHECK_IN_REFUSALS.check_in_code_expired);
    expect(refusalWords('invalid_input', 'Flight number is not valid.')).toBe('Flight number is not valid.');
    expect(refusalWords('toString', 'The server.')).toBe('The server.');
  });

  it('asks for a new code only when the old one cannot work any more', () => {
    expect(needsNewCode('check_in_code_wrong')).toBe(false);
    expect(needsNewCode('check_in_code_expired')).toBe(true);
    expect(needsNewCode('check_in_code_used_up')).toBe(true);
  });
});

describe('the booking page’s call to action', () => {
  const company = { weekHours: DEFAULT_WEEK_HOURS, onlineCheckInHours: 72 };
  // Saturday 12 December 2026 opens at 08:00 Jamaica (13:00 UTC): check-in opens 72 hours before.
  const booking = { status: 'confirmed', pickupDate: '2026-12-12' };

  it('opens 72 hours before the pickup day’s opening time, for a confirmed booking', () => {
    expect(checkInCall(booking, company, new Date('2026-12-09T12:59:00Z')).kind).toBe('not_yet');
    expect(checkInCall(booking, company, new Date('2026-12-09T13:00:00Z'))).toEqual({ kind: 'open' });
  });

  it('tells a pending booking why not yet, and when a confirmed one opens', () => {
    expect(checkInCall({ ...booking, status: 'pending' }, company, new Date('2026-12-11T12:00:00Z'))).toEqual({
      kind: 'not_yet',
      reason: 'not_confirmed',
      words: CHECK_IN_CLOSED_WORDS.not_confirmed,
      opensAt: null,
    });
    const early = checkInCall(booking, company, new Date('2026-12-01T12:00:00Z'));
    expect(early.kind === 'not_yet' && early.opensAt?.toISOString()).toBe('2026-12-09T13:00:00.000Z');
  });

  it('says nothing for a cancelled booking or one picked up without online check-in, and "done" once checked in', () => {
    const now = new Date('2026-12-11T12:00:00Z');
    expect(checkInCall({ ...booking, status: 'cancelled' }, company, now)).toEqual({ kind: 'none' });
    expect(checkInCall({ ...booking, status: 'on_rent' }, company, now)).toEqual({ kind: 'none' });
    expect(checkInCall({ ...booking, status: 'on_rent', onlineCheckIn: { completedAt: '2026-12-10T15:00:00Z' } }, company, now)).toEqual({
      kind: 'done',
      completedAt: '2026-12-10T15:00:00Z',
    });
  });
});
