import type { ActivityEntry } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { dayRange, describeEntry, KIND_CHOICES } from './describeEntry';

const ann = { _id: 'u1', name: 'Ann Brown' };
const entry = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  _id: '1',
  at: '2026-11-30T19:05:00.000Z',
  actor: ann,
  kind: 'car',
  action: 'changed',
  subjectId: 'x',
  subjectName: 'Toyota Yaris',
  before: null,
  after: null,
  ...fields,
});

describe('a history entry in plain words', () => {
  it('says who on staff booked for which customer (a walk-in or phone booking)', () => {
    const made = entry({
      kind: 'booking',
      action: 'added',
      subjectName: 'WR-7KQ2M9',
      after: { made_for: 'c1', customer: 'Desmond Walker', new_customer: true, status: 'confirmed' },
    });
    expect(describeEntry(made)).toEqual({
      headline: 'Ann Brown booked WR-7KQ2M9 for Desmond Walker',
      changes: ['A new customer, added by staff', 'Confirmed at once'],
    });
    const erased = entry({
      kind: 'booking',
      action: 'added',
      subjectName: 'WR-7KQ2M9',
      after: { made_for: 'c1', customer: null, new_customer: false, status: 'pending' },
    });
    expect(describeEntry(erased)).toEqual({ headline: 'Ann Brown booked WR-7KQ2M9 for a customer', changes: ['Waiting for confirmation'] });
  });
  it('names who confirmed which booking', () => {
    expect(
      describeEntry(entry({ kind: 'booking', subjectName: 'WR-7KQ2M9', before: { status: 'pending' }, after: { status: 'confirmed', status_reason: null } })),
    ).toEqual({
      headline: 'Ann Brown confirmed WR-7KQ2M9',
      changes: [],
    });
  });

  it('shows a change of dates, car and price, before and after, with who did it', () => {
    const moved = entry({
      kind: 'booking',
      subjectName: 'WR-7KQ2M9',
      before: { pickup_date: '2026-12-05', return_date: '2026-12-08', car_id: 'c1', car: 'Toyota Yaris', price: 30000, payment_status: 'paid' },
      after: { pickup_date: '2026-12-05', return_date: '2026-12-10', car_id: 'c2', car: 'Honda Fit', price: 42000, payment_status: 'part_paid' },
    });
    expect(describeEntry(moved)).toEqual({
      headline: 'Ann Brown changed the dates and car of WR-7KQ2M9',
      // Paid in full before, the dearer booking leaves part of it to pay.
      changes: ['Dates 5–8 Dec → 5–10 Dec', 'Car Toyota Yaris → Honda Fit', 'Total 30,000 → 42,000', 'Part paid'],
    });
  });

  it('says a hold expired when the site cancelled it', () => {
    const expired = entry({
      kind: 'booking',
      actor: null,
      subjectName: 'WR-7KQ2M9',
      before: { status: 'pending' },
      after: { status: 'cancelled', status_reason: 'expired' },
    });
    expect(describeEntry(expired).headline).toBe('WR-7KQ2M9 expired: not confirmed in time');
  });

  it('says a customer cancelled their own booking', () => {
    const own = entry({
      kind: 'booking',
      actor: { _id: 'c', name: 'Carl Reid' },
      subjectName: 'WR-AAAAAA',
      before: { status: 'confirmed' },
      after: { status: 'cancelled', status_reason: 'customer' },
    });
    expect(describeEntry(own)).toEqual({ headline: 'Carl Reid cancelled WR-AAAAAA', changes: ['Cancelled by the customer'] });
  });

  it('says a booking was cancelled because its customer was not approved', () => {
    const cancelled = entry({
      kind: 'booking',
      subjectName: 'WR-BBBBBB',
      before: { status: 'pending' },
      after: { status: 'cancelled', status_reason: 'not_approved' },
    });
    expect(describeEntry(cancelled)).toEqual({ headline: 'Ann Brown cancelled WR-BBBBBB', changes: ['Cancelled: the customer was not approved'] });
  });

  it('words the counter: keys handed over, checked in, a no-show', () => {
    const at = (status: string) =>
      describeEntry(entry({ kind: 'booking', subjectName: 'WR-7KQ2M9', before: { status: 'confirmed' }, after: { status, status_reason: null } })).headline;
    expect(at('on_rent')).toBe('Ann Brown handed over the keys of WR-7KQ2M9');
    expect(at('returned')).toBe('Ann Brown checked in WR-7KQ2M9');
    expect(at('no_show')).toBe('Ann Brown marked WR-7KQ2M9 a no-show');
  });

  it('words a damage noted at the counter and its repair', () => {
    const found = {
      id: 'd1',
      car_id: 'c1',
      zone: 'left',
      description: 'Scratch on the back door',
      found_booking_id: 'b1',
      found_stage: 'check_in',
      amount: 15000,
      repaired_at: null,
      repaired_by: null,
    };
    expect(describeEntry(entry({ kind: 'damage', action: 'added', after: found }))).toEqual({
      headline: 'Ann Brown noted a damage on Toyota Yaris (left side: Scratch on the back door)',
      changes: ['Found at check-in', 'Charged 15,000'],
    });
    expect(describeEntry(entry({ kind: 'damage', action: 'added', subjectName: '', after: { ...found, found_stage: 'check_out', amount: null } }))).toEqual({
      headline: 'Ann Brown noted a damage on a car (left side: Scratch on the back door)',
      changes: ['Found at check-out'],
    });
    expect(
      describeEntry(
        entry({ kind: 'damage', before: { repaired_at: null, zone: 'front', description: 'Dent' }, after: { repaired_at: '2026-12-01T10:00:00Z' } }),
      ).headline,
    ).toBe('Ann Brown marked a damage of Toyota Yaris repaired (front: Dent)');
    expect(KIND_CHOICES.map((choice) => choice.value)).toContain('damage');
  });

  it('words what is paid as the folio left it, in the words staff read everywhere', () => {
    const paid = entry({ kind: 'booking', subjectName: 'WR-7KQ2M9', before: { payment_status: 'part_paid' }, after: { payment_status: 'paid' } });
    expect(describeEntry(paid)).toEqual({ headline: 'WR-7KQ2M9: Paid', changes: ['Was: part paid', 'After a change by Ann Brown'] });
    const refundDue = entry({
      kind: 'booking',
      actor: null,
      subjectName: 'WR-7KQ2M9',
      before: { payment_status: 'paid' },
      after: { payment_status: 'refund_due' },
    });
    expect(describeEntry(refundDue)).toEqual({ headline: 'WR-7KQ2M9: Refund due', changes: ['Was: paid'] });
    const refunded = entry({ kind: 'booking', subjectName: 'WR-7KQ2M9', before: { payment_status: 'refund_due' }, after: { payment_status: 'refunded' } });
    expect(describeEntry(refunded).headline).toBe('WR-7KQ2M9: Refunded');
  });

  it('still reads entries from before the folio, when staff marked a deposit received', () => {
    const old = entry({ kind: 'booking', subjectName: 'WR-7KQ2M9', before: { payment_status: 'unpaid' }, after: { payment_status: 'deposit_received' } });
    expect(describeEntry(old)).toEqual({ headline: 'WR-7KQ2M9: Deposit received', changes: ['Was: not paid yet', 'After a change by Ann Brown'] });
  });

  it('shows a price change with separators, and availability and removal as sentences', () => {
    expect(describeEntry(entry({ before: { price_per_day: 8500 }, after: { price_per_day: 9000 } }))).toEqual({
      headline: 'Ann Brown changed Toyota Yaris',
      changes: ['Price per day 8,500 → 9,000'],
    });
    expect(describeEntry(entry({ before: { is_available: true }, after: { is_available: false } })).headline).toBe('Ann Brown marked Toyota Yaris unavailable');
    expect(describeEntry(entry({ before: { deleted_at: null }, after: { deleted_at: '2026-11-30T19:05:00+00:00' } })).headline).toBe(
      'Ann Brown removed Toyota Yaris from the fleet',
    );
  });

  it('says a long or opaque field changed without printing it, and names unknown fields in words', () => {
    const { changes } = describeEntry(
      entry({ before: { description: 'Old', image_id: 'a', roof_rack: null }, after: { description: 'New', image_id: 'b', roof_rack: true } }),
    );
    expect(changes).toEqual(['Description changed', 'Cover picture changed', 'Roof rack not set → yes']);
  });

  it('names a service block by its days and car', () => {
    const added = entry({
      kind: 'block',
      action: 'added',
      subjectName: 'Toyota Yaris',
      after: { car_id: 'c', pickup_date: '2026-12-03', return_date: '2026-12-05', note: '' },
    });
    expect(describeEntry(added)).toEqual({ headline: 'Ann Brown added service block 3–5 Dec for Toyota Yaris', changes: [] });
    const removed = entry({
      kind: 'block',
      action: 'removed',
      subjectName: 'Toyota Yaris',
      before: { pickup_date: '2026-11-28', return_date: '2026-12-02', note: 'Tyres' },
    });
    expect(describeEntry(removed)).toEqual({ headline: 'Ann Brown removed service block 28 Nov – 2 Dec for Toyota Yaris', changes: ['Note: Tyres'] });
  });

  it('shows bank details as saved, account numbers as the server masked them', () => {
    const changed = entry({ kind: 'bank_details', subjectName: '', before: { account_number: '…1234' }, after: { account_number: '…9876' } });
    expect(describeEntry(changed)).toEqual({ headline: 'Ann Brown changed the bank details', changes: ['Account number …1234 → …9876'] });
    const first = entry({ kind: 'bank_details', action: 'added', subjectName: '', after: { bank_name: 'NCB' } });
    expect(describeEntry(first)).toEqual({ headline: 'Ann Brown saved the bank details', changes: ['Bank NCB'] });
  });

  it('lists changed company settings, lists of places joined', () => {
    const company = entry({
      kind: 'company',
      subjectName: '',
      before: { locations: ['A'], securityDeposit: 15000 },
      after: { locations: ['A', 'B'], securityDeposit: 20000 },
    });
    expect(describeEntry(company).changes).toEqual(['Pickup locations A → A; B', 'Security deposit 15,000 → 20,000']);
  });

  it('writes day ranges short', () => {
    expect(dayRange('2026-12-03', '2026-12-03')).toBe('3 Dec');
    expect(dayRange('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 – 2 Jan 2027');
  });

  describe('a customer', () => {
    const brian = { _id: 'c1', name: 'Brian Lee' };
    const customer = (fields: Partial<ActivityEntry>) => entry({ kind: 'customer', subjectId: 'c1', subjectName: 'Brian Lee', ...fields });

    it('names who approved them, or did not and the reason they were told', () => {
      expect(describeEntry(customer({ before: { vetting_status: 'waiting' }, after: { vetting_status: 'approved', vetting_reason_given: false } }))).toEqual({
        headline: 'Ann Brown approved Brian Lee',
        changes: [],
      });
      expect(describeEntry(customer({ before: { vetting_status: 'waiting' }, after: { vetting_status: 'rejected', vetting_reason_given: true } }))).toEqual({
        headline: 'Ann Brown did not approve Brian Lee',
        changes: ['The customer was told the reason (on the driver checks page)'],
      });
    });

    it('says their details wait for a check again after they changed them', () => {
      expect(
        describeEntry(customer({ actor: brian, before: { vetting_status: 'approved' }, after: { vetting_status: 'waiting', vetting_reason_given: false } })),
      ).toEqual({
        headline: 'Brian Lee’s driver details wait for a check',
        changes: ['Was: approved'],
      });
    });

    it('words the do not rent mark set and removed (its private reason is not in the history)', () => {
      expect(describeEntry(customer({ before: { do_not_rent: false }, after: { do_not_rent: true } }))).toEqual({
        headline: 'Ann Brown marked Brian Lee do not rent',
        changes: [],
      });
      expect(describeEntry(customer({ before: { do_not_rent: true }, after: { do_not_rent: false } })).headline).toBe(
        'Ann Brown removed the do not rent mark from Brian Lee',
      );
    });

    it('says what they gave or sent, and which driver fields changed without their values', () => {
      expect(describeEntry(customer({ actor: brian, after: { driver_details: 'given' } })).headline).toBe('Brian Lee gave their driver details');
      expect(describeEntry(customer({ actor: brian, after: { document_added: 'passport' } })).headline).toBe('Brian Lee sent a passport');
      expect(describeEntry(customer({ actor: brian, after: { document_removed: 'licence_front' } })).headline).toBe(
        'Brian Lee removed the front of a driving licence',
      );
      expect(describeEntry(customer({ actor: brian, after: { licence_number: 'changed', date_of_birth: 'changed' } }))).toEqual({
        headline: 'Brian Lee changed their driver details',
        changes: ['Licence number changed', 'Date of birth changed'],
      });
    });

    it('says a STOP answered to a message stopped WhatsApp or SMS, apart from a choice made on the site', () => {
      expect(describeEntry(customer({ actor: null, before: { whatsapp: true }, after: { whatsapp: false, whatsapp_stopped_by: 'stop_reply' } }))).toEqual({
        headline: 'Brian Lee stopped WhatsApp messages by answering STOP',
        changes: [],
      });
      expect(describeEntry(customer({ actor: null, before: { sms: false }, after: { sms: true } })).headline).toBe(
        'Brian Lee turned SMS text messages back on by answering START',
      );
      expect(describeEntry(customer({ actor: brian, before: { sms: true }, after: { sms: false, sms_stopped_by: 'customer_choice' } })).headline).toBe(
        'Brian Lee turned off SMS text messages',
      );
      expect(describeEntry(customer({ actor: brian, before: { whatsapp: false }, after: { whatsapp: true } })).headline).toBe(
        'Brian Lee turned on WhatsApp messages',
      );
    });

    it('names the customer who acted themselves when the entry carries no name', () => {
      expect(describeEntry(customer({ actor: brian, subjectName: '', after: { driver_details: 'given' } })).headline).toBe(
        'Brian Lee gave their driver details',
      );
      expect(describeEntry(customer({ subjectName: '', after: { vetting_status: 'approved' } })).headline).toBe('Ann Brown approved a customer');
    });

    it('says a customer erased their account without a name', () => {
      const erased = customer({ actor: { _id: 'c1', name: 'Deleted customer' }, subjectName: 'Deleted customer', after: { erased: true } });
      expect(describeEntry(erased)).toEqual({ headline: 'A customer erased their account', changes: [] });
      expect(describeEntry(customer({ actor: null, subjectName: '', after: { driver_details: 'erased' } })).headline).toBe(
        'A customer’s driver details were erased',
      );
    });
  });

  it('offers customers in the filter', () => {
    expect(KIND_CHOICES).toContainEqual({ value: 'customer', label: 'Customers' });
  });
});

describe('history entries about prices and card payments', () => {
  it('words a change of the price rules: rates, delivery places and seasons by name', () => {
    const rules = entry({
      kind: 'prices',
      subjectId: '1',
      subjectName: '',
      before: {
        weeklyPercentOff: 0,
        delivery: { airport: null, portmore: 2000, kingston: 3000 },
        seasons: [{ name: 'Easter' }, { name: 'Carnival', startDate: '2027-04-20' }],
      },
      after: {
        weeklyPercentOff: 10,
        delivery: { airport: 3500, portmore: 0, kingston: 3000 },
        seasons: [{ name: 'Carnival', startDate: '2027-04-21' }, { name: 'Christmas' }],
      },
    });
    expect(describeEntry(rules)).toEqual({
      headline: 'Ann Brown changed the prices',
      changes: [
        'Weekly rate none → 10% off',
        'Delivery, Norman Manley International, KIN: not offered → 3,500',
        'Delivery, An address in Portmore: 2,000 → free',
        'Season Carnival changed',
        'Season Christmas added',
        'Season Easter removed',
      ],
    });
  });

  it('words an extra added, changed and removed (archived: bookings keep it)', () => {
    const seat = { kind: 'prices' as const, subjectId: 'e1', subjectName: '' };
    expect(
      describeEntry(
        entry({
          ...seat,
          action: 'added',
          after: { id: 'e1', name: 'Child seat', charge: 'per_day', price: 800, max_per_booking: 2, stock: 4, archived_at: null },
        }),
      ),
    ).toEqual({
      headline: 'Ann Brown added the extra Child seat',
      changes: ['Price 800 per day', 'Stock 4'],
    });
    expect(describeEntry(entry({ ...seat, subjectName: 'Child seat', before: { price: 800, stock: 4 }, after: { price: 1000, stock: null } }))).toEqual({
      headline: 'Ann Brown changed the extra Child seat',
      changes: ['Price 800 → 1,000', 'Stock 4 → no limit'],
    });
    expect(
      describeEntry(entry({ ...seat, subjectName: 'Child seat', before: { archived_at: null }, after: { archived_at: '2026-11-30T19:05:00+00:00' } })).headline,
    ).toBe('Ann Brown removed the extra Child seat');
  });

  it('words a card payment begun, closed by staff with a note, answered by the provider, and refunded', () => {
    const attempt = { kind: 'payment' as const, subjectId: 'p1', subjectName: '' };
    expect(
      describeEntry(
        entry({
          ...attempt,
          action: 'added',
          actor: { _id: 'c', name: 'Carl Reid' },
          after: { order_id: 'WR-7KQ2M9-1', amount: 25000, currency: 'JMD', status: 'created' },
        }),
      ),
    ).toEqual({
      headline: 'Carl Reid began paying WR-7KQ2M9 by card',
      changes: ['Amount 25,000 JMD'],
    });
    expect(
      describeEntry(
        entry({
          ...attempt,
          before: { status: 'expired', closed_at: null },
          after: { status: 'paid', closed_at: '2026-11-30T19:05:00+00:00', order_id: 'WR-7KQ2M9-1', note_given: true },
        }),
      ),
    ).toEqual({ headline: 'Ann Brown closed card payment WR-7KQ2M9-1 as paid', changes: ['Was: never came back', 'With a note (on the card payments page)'] });
    expect(
      describeEntry(
        entry({ ...attempt, actor: null, before: { status: 'sent' }, after: { status: 'failed', message: 'Card declined', order_id: 'WR-7KQ2M9-2' } }),
      ),
    ).toEqual({
      headline: 'Card payment WR-7KQ2M9-2 for WR-7KQ2M9: not paid',
      changes: ['The provider said: Card declined'],
    });
    expect(
      describeEntry(
        entry({ ...attempt, before: { status: 'paid', refunded_amount: 0 }, after: { status: 'refunded', refunded_amount: 5000, order_id: 'WR-7KQ2M9-1' } }),
      ),
    ).toEqual({
      headline: 'Ann Brown recorded a refund on card payment WR-7KQ2M9-1',
      changes: ['Refunded in all 0 → 5,000'],
    });
  });

  it('offers both kinds in the filter, and names GCT and TRN among the company settings', () => {
    expect(KIND_CHOICES).toContainEqual({ value: 'prices', label: 'Prices and extras' });
    expect(KIND_CHOICES).toContainEqual({ value: 'payment', label: 'Card payments' });
    const company = entry({ kind: 'company', subjectName: '', before: { gctPercent: 15, trn: '' }, after: { gctPercent: 16.5, trn: '123-456-789' } });
    expect(describeEntry(company).changes).toEqual(['GCT 15% → 16.5%', 'TRN not set → 123-456-789']);
  });
});

describe('history entries about the day’s cash-up', () => {
  const cashUp = { kind: 'cash_up' as const, subjectName: '2026-11-28, whole desk' };
  it('words a day closed, with its count, what the drawer should have held, the difference and its note', () => {
    const closed = entry({ ...cashUp, action: 'added', after: { counted_cash: 10200, expected_cash: 10500, difference: -300, note: 'Change from the float' } });
    expect(describeEntry(closed)).toEqual({
      headline: 'Ann Brown closed the cash-up of 2026-11-28, whole desk',
      changes: ['Counted cash 10,200', 'The drawer should have held 10,500', 'Difference -300', 'Note: Change from the float'],
    });
    const even = entry({ ...cashUp, action: 'added', after: { counted_cash: 500, expected_cash: 500, difference: 0, note: '' } });
    expect(describeEntry(even).changes).toEqual(['Counted cash 500', 'The drawer should have held 500']);
  });
  it('words a day reopened with its reason, and offers cash-ups in the filter', () => {
    const reopened = entry({
      ...cashUp,
      action: 'changed',
      after: { reopened_by: 'u1', reopen_reason: 'Recount' },
      before: { reopened_by: null, reopen_reason: null },
    });
    expect(describeEntry(reopened)).toEqual({ headline: 'Ann Brown reopened the cash-up of 2026-11-28, whole desk', changes: ['Reason: Recount'] });
    expect(KIND_CHOICES).toContainEqual({ value: 'cash_up', label: 'Cash-ups' });
  });
});
