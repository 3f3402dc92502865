import { formatMoney } from '@rental/contract/format';
import type { CarDamage } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../../lib/dates';
import { lotWords, odometerWords, plateWords } from './carLot';
import { amountWords, damageTitle, foundWords, openFirst, repairQuestion } from './damageWords';

const money = (amount: number) => formatMoney(amount, 'JMD');
const damage = (facts: Partial<CarDamage>): CarDamage => ({
  _id: 'd1',
  zone: 'front',
  description: 'Dent in the bumper',
  photo: null,
  foundAt: '2026-11-03T15:00:00.000Z',
  foundAtReference: 'BK-7Q2M',
  amount: null,
  repairedAt: null,
  view: 'front',
  x: null,
  y: null,
  photos: [],
  foundBookingId: null,
  foundStage: null,
  repairCost: null,
  repairedBy: null,
  ...facts,
});

describe('a car’s damages in staff’s words', () => {
  it('says where, when and at which booking, and what was charged', () => {
    expect(damageTitle(damage({ zone: 'interior', description: 'Burn on the back seat' }))).toBe('Inside: Burn on the back seat');
    expect(foundWords(damage({}))).toBe(`Found ${formatInstant('2026-11-03T15:00:00.000Z')} at booking BK-7Q2M`);
    expect(foundWords(damage({ foundAtReference: null }))).toBe(`Found ${formatInstant('2026-11-03T15:00:00.000Z')}`);
    expect(amountWords(8_500, money)).toBe('Charged $8,500 JMD');
    expect(amountWords(null, money)).toBe('No amount charged');
    expect(repairQuestion(damage({}))).toBe('Mark this damage repaired? Front: Dent in the bumper. It will no longer show at check-out.');
  });

  it('lists the open damages first, keeping the order within each group', () => {
    const list = [
      damage({ _id: 'fixed-1', repairedAt: '2026-11-10T12:00:00.000Z' }),
      damage({ _id: 'open-1' }),
      damage({ _id: 'fixed-2', repairedAt: '2026-11-09T12:00:00.000Z' }),
      damage({ _id: 'open-2' }),
    ];
    expect(openFirst(list).map((d) => d._id)).toEqual(['open-1', 'open-2', 'fixed-1', 'fixed-2']);
  });

  it('shows the plate, or that there is none yet, beside the odometer', () => {
    expect(plateWords({ plate: '1234 AB' })).toBe('1234 AB');
    expect(plateWords({ plate: null })).toBe('No plate yet');
    expect(plateWords({})).toBe('No plate yet');
    expect(odometerWords({ odometerKm: 42_310 })).toBe('42,310 km');
    expect(lotWords({ plate: '1234 AB', odometerKm: 0 })).toBe('1234 AB · 0 km');
    expect(lotWords({ plate: null })).toBe('No plate yet');
  });
});
