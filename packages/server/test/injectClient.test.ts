/**
 * The contract's typed client over app.inject (helpers.ts' injectFetch): the server's tests speak
 * through the same client as the browser, a picture upload included.
 */
import { MESSAGES } from '@rental/contract';
import { ApiError } from '@rental/contract/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { carForm } from './support/fleet';
import { smallPng } from './support/images';

describe(`the typed client in-process (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  it('sends a car form with its picture as multipart, and the fleet then lists the car', async () => {
    const form = new FormData();
    form.append('carData', JSON.stringify(carForm({ brand: 'Suzuki', model: 'Swift' })));
    form.append('image', new Blob([new Uint8Array(await smallPng())], { type: 'image/png' }), 'swift.png');
    const { car } = await testApi(t.app, owner.token).call('addCar', { form });
    expect(car).toMatchObject({ brand: 'Suzuki', model: 'Swift' });
    const { cars } = await testApi(t.app).call('cars');
    expect(cars.map((c) => c._id)).toContain(car._id);
  });

  it("throws the server's sentence and status: an unknown car, a customer at the staff's door", async () => {
    const unknown = await testApi(t.app)
      .call('car', { params: { id: '00000000-0000-4000-8000-000000000000' } })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ status: 404, message: MESSAGES.carNotFound, fromServer: true });

    const customer = await registerCustomer(t.app);
    await expect(testApi(t.app, customer.token).call('ownerCars')).rejects.toMatchObject({ status: 403, message: MESSAGES.staffOnly });
  });
});
