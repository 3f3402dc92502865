/**
 * Saving the price rules without an extras list keeps the extras on offer: a missing list is not an
 * empty one, and an extra stops being offered only when a list is sent without it.
 */
import { type BodyInputOf, API, type PriceRules } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, type TestApp, testApi } from './helpers';
import { ownerCall } from './support/fleet';

const RULES: PriceRules = {
  seasons: [],
  weeklyPercentOff: 5,
  monthlyPercentOff: 0,
  additionalDriverPerDay: 0,
  delivery: { airport: null, portmore: null, kingston: null },
};
const SEAT = { name: 'Child seat', description: 'For the little ones', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 } as const;

describe(`saving prices without extras (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const offered = async () => (await testApi(t.app).call('prices')).extras.map((extra) => extra.name);
  const savePrices = (body: BodyInputOf<'savePrices'>) => callWithStatus(t.app, owner.token, 'savePrices', { body });

  it('keeps the extras when the list is left out, and removes them only when a list leaves them out', async () => {
    const first = await savePrices({ ...RULES, extras: [SEAT] });
    expect(first.status).toBe(200);

    const rulesOnly = await savePrices({ ...RULES, weeklyPercentOff: 12 });
    expect(rulesOnly.status).toBe(200);
    expect(rulesOnly.answer.rules.weeklyPercentOff).toBe(12);
    expect(rulesOnly.answer.extras.map((extra) => extra.name)).toEqual(['Child seat']);
    expect(await offered()).toEqual(['Child seat']);

    const emptied = await savePrices({ ...RULES, extras: [] });
    expect(emptied.status).toBe(200);
    expect(await offered()).toEqual([]);
  });

  it('still refuses an extras value that is not a list, and changes nothing', async () => {
    await savePrices({ ...RULES, extras: [SEAT] });
    for (const extras of [null, 'none', { name: 'x' }]) {
      const res = await ownerCall(t.app, owner.token, 'PUT', API.ownerPrices, { ...RULES, weeklyPercentOff: 30, extras });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'invalid_input', message: 'Extras must be a list.' });
    }
    expect(await offered()).toEqual(['Child seat']);
    expect((await testApi(t.app).call('prices')).rules.weeklyPercentOff).toBe(5);
  });
});
