/**
 * The company's staff at work: log in, read the dashboard, add, edit, hide and delete cars,
 * confirm and cancel bookings, set the bank details, change the profile picture.
 */
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday, monthBounds } from '@rental/contract/rentalDates';
import type { Locator, Page } from 'playwright-core';
import { addTownCar } from '../support/cars';
import { apiClient } from '../support/api';
import { answerConfirmation } from '../support/confirm';
import { describe, expect, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { screenshots } from '../support/shots';
import {
  closeColour,
  dateRegExp,
  expectPath,
  formatMoney,
  hueAngle,
  hueName,
  imageCentreColour,
  logInThroughDialog,
  notSee,
  see,
  seeToast,
  statusHue,
  tileNumber,
} from '../support/ui';

const shot = screenshots('/tmp/owner-shots');
const today = companyToday();
const NEW_CAR_COLOUR = [255, 0, 170] as const;
const PROFILE_COLOUR = [0, 200, 120] as const;
const newCar = { brand: 'Kia', model: 'Sportage', year: '2024', pricePerDay: '7800', seats: '5', description: 'A roomy SUV, new to the fleet.' };
let newCarId: string | undefined;

async function fillCarForm(page: Page, fields: Partial<typeof newCar>) {
  const form = page.getByRole('main');
  const byLabel = (label: RegExp) => form.getByLabel(label).first();
  if (fields.brand !== undefined) await byLabel(/brand/i).fill(fields.brand);
  if (fields.model !== undefined) await byLabel(/model/i).fill(fields.model);
  if (fields.year !== undefined) await byLabel(/year/i).fill(fields.year);
  if (fields.pricePerDay !== undefined) await byLabel(/price/i).fill(fields.pricePerDay);
  if (fields.seats !== undefined) await byLabel(/seat/i).fill(fields.seats);
  if (fields.description !== undefined) await byLabel(/description/i).fill(fields.description);
}

function carRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

describe('owner', () => {
  test('logs in and lands on the dashboard; the Dashboard button leads back there from the site', async ({ page, seed }) => {
    await page.goto('/');
    await logInThroughDialog(page, seed.owner.email, seed.owner.password);
    await seeToast(page, MESSAGES.loggedIn);
    await expectPath(page, '/owner');
    await page.goto('/about-us');
    await page.getByRole('button', { name: 'Dashboard' }).click();
    await expectPath(page, '/owner');
    await see(page.getByText(new RegExp(`Welcome, ${seed.owner.name}`)));
    // Owner pages have their own header and side menu instead of the public bar and footer.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    for (const [link, path] of [
      ['Add car', '/owner/add-car'],
      ['Manage Cars', '/owner/manage-cars'],
      ['Manage Bookings', '/owner/manage-bookings'],
      ['Bank Details', '/owner/bank-details'],
      ['Dashboard', '/owner'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).filter({ visible: true }).first().click();
      await expectPath(page, path);
    }
  });

  test('the dashboard tiles count the cars and bookings, and the month revenue adds up', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    // A confirmed booking that starts today, so this month's revenue is not zero.
    const booking = await api.createBooking(seed.customer.token, {
      car: seed.cars.noah._id,
      pickupDate: today,
      returnDate: addDays(today, 1),
      paymentMethod: 'upfront',
    });
    await api.changeStatus(seed.owner.token, booking._id, 'confirmed');

    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner');
    const [cars, bookings] = await Promise.all([api.ownerCars(seed.owner.token), api.ownerBookings(seed.owner.token)]);
    const { start, nextStart } = monthBounds(today);
    const revenue = bookings.filter((b) => b.status === 'confirmed' && b.pickupDate >= start && b.pickupDate < nextStart).reduce((sum, b) => sum + b.price, 0);
    expect(revenue).toBeGreaterThan(0);

    await expect.poll(() => tileNumber(page, 'Total Cars')).toBe(cars.length);
    expect(await tileNumber(page, 'Total Bookings')).toBe(bookings.length);
    expect(await tileNumber(page, 'Pending')).toBe(bookings.filter((b) => b.status === 'pending').length);
    expect(await tileNumber(page, 'Confirmed')).toBe(bookings.filter((b) => b.status === 'confirmed').length);
    await see(page.getByText(formatMoney(revenue)));
    // The latest booking is in the recent list.
    await see(page.getByText(/Toyota Noah/).first());
  });

  test('the dashboard keeps its place as its lists arrive: nothing on the screen jumps', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    // A pickup of today on a car of this test's own, so the day's list has a row to bring in.
    const car = await addTownCar(seed, { brand: 'Mazda', model: 'Demio', year: 2021, pricePerDay: 7000, colour: [40, 90, 200] });
    const booking = await api.createBooking(seed.customer.token, {
      car: car._id,
      pickupDate: today,
      returnDate: addDays(today, 2),
      paymentMethod: 'upfront',
    });
    await api.changeStatus(seed.owner.token, booking._id, 'confirmed');
    for (const width of [390, 1280]) {
      const page = await openPage({ token: seed.owner.token, viewport: { width, height: 900 }, mobile: width < 800 });
      // The dashboard's answer waits until the page has drawn what it shows while loading, as on a slow line.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/owner/dashboard', async (route) => {
        await released;
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/owner');
      await see(page.getByText('Loading the dashboard…'));
      release();
      await see(page.getByRole('region', { name: "Today's pickups and returns" }).getByText(car.model).first());
      await see(page.getByRole('heading', { name: 'Revenue by month' }));
      // Let the browser paint what arrived and count it (two frames).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const cls = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
      expect(cls, `layout shift at ${width} px`).toBeLessThanOrEqual(0.05);
      await shot(page, 'dashboard');
      await page.close();
    }
  });

  test('adds a car with a picture; it shows on the public list with that picture', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token });
    const carsBefore = (await apiClient(seed.baseUrl).ownerCars(seed.owner.token)).length;
    await page.goto('/owner/add-car');
    // The page's first picture input is the car's (the side menu's profile picture has none until opened).
    expect(await page.locator('input[type="file"]').first().getAttribute('id')).toBe('car-image');
    // A price below zero is named under the box, in the form's words, not in a browser bubble.
    const price = page.getByRole('main').getByLabel('Price per day (JMD)', { exact: true });
    await price.fill('-5');
    await page.getByRole('main').getByRole('button', { name: 'Add car' }).click();
    await see(page.getByText('Price per day must be more than 0.', { exact: true }));
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByRole('main')
      .getByLabel(/image|picture|photo/i)
      .setInputFiles(pngFile('sportage.png', NEW_CAR_COLOUR));
    // The chosen picture is previewed before saving.
    await see(page.getByRole('main').locator('img[src^="blob:"], img[src^="data:"]'));
    await fillCarForm(page, newCar);
    const main = page.getByRole('main');
    await main.getByLabel(/category/i).selectOption('SUV');
    await main.getByLabel(/transmission/i).selectOption('Automatic');
    await main.getByLabel(/fuel/i).selectOption('Hybrid');
    await main.getByLabel(/location/i).selectOption('Waterford, Portmore');
    await main.getByRole('button', { name: /add car|save|list/i }).click();
    await seeToast(page, MESSAGES.carAdded);

    const added = (await apiClient(seed.baseUrl).ownerCars(seed.owner.token)).find((c) => c.brand === newCar.brand && c.model === newCar.model);
    expect(added, 'the new car is in the fleet').toBeDefined();
    newCarId = added!._id;
    expect(added!.pricePerDay).toBe(Number(newCar.pricePerDay));
    expect(added!.seating_capacity).toBe(Number(newCar.seats));
    expect(added!.fuel_type).toBe('Hybrid');

    await page.goto('/owner');
    await expect.poll(() => tileNumber(page, 'Total Cars')).toBe(carsBefore + 1);

    await page.goto('/cars');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Kia Sportage' }) });
    await see(card);
    await see(card.getByText(formatMoney(Number(newCar.pricePerDay))));
    const colour = await imageCentreColour(card.getByRole('img', { name: /Kia Sportage/ }));
    expect(closeColour(colour, NEW_CAR_COLOUR), `picture colour ${colour}`).toBe(true);
  });

  test('edits the car from the Manage Cars table', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    newCarId ??= (
      await api.addCar(
        seed.owner.token,
        {
          brand: newCar.brand,
          model: newCar.model,
          year: 2024,
          pricePerDay: 7800,
          category: 'SUV',
          transmission: 'Automatic',
          fuel_type: 'Hybrid',
          seating_capacity: 5,
          location: 'Waterford, Portmore',
          description: newCar.description,
        },
        pngFile('k.png', NEW_CAR_COLOUR),
      )
    )._id;
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/manage-cars');
    await see(carRow(page, 'Kia Sportage').first().getByRole('link', { name: 'Edit Kia Sportage' }));
    await carRow(page, 'Kia Sportage').first().getByRole('cell').first().click();
    await expectPath(page, `/owner/add-car/${newCarId}`);
    // Editing a car is Manage Cars' business: the side menu says so.
    const menu = page.getByRole('navigation', { name: 'Owner menu' });
    expect(await menu.getByRole('link', { name: 'Manage Cars' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Add car' }).getAttribute('aria-current')).toBeNull();
    const main = page.getByRole('main');
    await expect.poll(() => main.getByLabel(/brand/i).first().inputValue()).toBe(newCar.brand);
    expect(await main.getByLabel(/model/i).first().inputValue()).toBe(newCar.model);
    expect(await main.getByLabel(/category/i).inputValue()).toBe('SUV');
    await fillCarForm(page, { model: 'Sportage GT', pricePerDay: '8200' });
    await main.getByRole('button', { name: 'Save changes' }).click();
    await seeToast(page, MESSAGES.carUpdated);

    await page.goto(`/car-details/${newCarId}`);
    await see(page.getByRole('heading', { level: 1, name: 'Kia Sportage GT' }));
    await see(page.getByRole('form', { name: 'Book this car' }).getByText(formatMoney(8200)));
    // Editing without a new picture keeps the old one.
    const colour = await imageCentreColour(page.getByRole('img', { name: /Kia Sportage GT/ }).first());
    expect(closeColour(colour, NEW_CAR_COLOUR), `picture colour ${colour}`).toBe(true);
  });

  test('makes a car unavailable: it leaves the list of free cars', async ({ openPage, seed }) => {
    const car = seed.cars.hiace;
    const pickupDate = addDays(today, 70);
    const returnDate = addDays(today, 72);
    const freeList = `/cars?pickupLocation=${encodeURIComponent('Waterford, Portmore')}&pickupDate=${pickupDate}&returnDate=${returnDate}`;
    const name = `${car.brand} ${car.model}`;
    const visitor = await openPage();
    await visitor.goto(freeList);
    await see(visitor.getByRole('heading', { name }));

    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/manage-cars');
    const row = carRow(page, name);
    await see(row.getByText('Available', { exact: true }));
    await row.getByRole('button', { name: `Make unavailable: ${name}` }).click();
    await see(row.getByText('Unavailable', { exact: true }));

    await visitor.reload();
    await see(visitor.getByText(/Showing\s+\d+\s+Cars/));
    await notSee(visitor.getByRole('heading', { name }));
    expect((await apiClient(seed.baseUrl).availableCars(pickupDate, returnDate)).some((c) => c._id === car._id)).toBe(false);
  });

  test('deletes a car only after confirming', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const doomed = await api.addCar(
      seed.owner.token,
      {
        brand: 'Nissan',
        model: 'March',
        year: 2015,
        pricePerDay: 3500,
        category: 'Hatchback',
        transmission: 'Automatic',
        fuel_type: 'Petrol',
        seating_capacity: 4,
        location: 'Waterford, Portmore',
        description: 'Old and small.',
      },
      pngFile('march.png', [10, 10, 10]),
    );
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/manage-cars');
    const row = carRow(page, 'Nissan March');
    await see(row);

    const asked = await answerConfirmation(page, row.getByRole('button', { name: 'Delete Nissan March' }), false);
    expect(asked).toContain(MESSAGES.confirmDeleteCar);
    await see(row);

    await answerConfirmation(page, row.getByRole('button', { name: /delete/i }), true);
    await seeToast(page, MESSAGES.carDeleted);
    await notSee(row);
    expect((await api.publicCars()).some((c) => c._id === doomed._id)).toBe(false);
  });

  test("confirms and cancels bookings: the colours and the customer's view follow", async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const car = seed.cars.hilux;
    const first = { pickupDate: addDays(today, 60), returnDate: addDays(today, 61) };
    const second = { pickupDate: addDays(today, 63), returnDate: addDays(today, 65) };
    const made = [];
    for (const dates of [first, second]) made.push(await api.createBooking(seed.customer.token, { car: car._id, ...dates, paymentMethod: 'upfront' }));

    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/manage-bookings');
    // Manage Bookings shows pages of 50: the customer's own bookings stay on the first one.
    const findCustomer = () => page.getByRole('searchbox', { name: 'Find a booking' }).fill(seed.customer.email);
    await findCustomer();
    const rowOf = (dates: typeof first) =>
      page
        .getByRole('row')
        .filter({ hasText: `${car.brand} ${car.model}` })
        .filter({ hasText: dateRegExp(dates.pickupDate) });
    const firstRow = rowOf(first);
    const secondRow = rowOf(second);
    await see(firstRow);
    expect(await firstRow.count()).toBe(1);
    // SPEC's offline chip, said in words beside it.
    expect(await firstRow.textContent()).toContain('offline paid outside the site');
    await see(firstRow.getByText('paid outside the site'));
    expect(await firstRow.textContent()).toContain('Pay upfront');
    expect(await firstRow.textContent()).toContain(seed.customer.name);
    // The booking's total as the API answers it (its quote, GCT included).
    expect(await firstRow.textContent()).toContain(formatMoney(made[0]!.price));

    // At 1280 px every column, the status in words included, fits beside the side menu.
    expect(await page.getByRole('table').evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth)).toBe(true);
    const firstStatus = firstRow.getByRole('combobox', { name: /^Status of/ });
    const secondStatus = secondRow.getByRole('combobox', { name: /^Status of/ });
    expect(await firstStatus.inputValue()).toBe('pending');
    expect(await firstStatus.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]!.textContent)).toBe('Waiting for confirmation');
    const waitingHue = await hueAngle(firstStatus);
    expect(hueName(waitingHue), `waiting for confirmation is amber, not red (hue ${waitingHue})`).toBe('amber');

    // A confirmation e-mails the customer: asked first; "leave it" changes nothing.
    await firstStatus.selectOption('confirmed');
    const question = page.getByRole('alertdialog');
    await see(question.getByText(`${seed.customer.name} will get an e-mail`, { exact: false }));
    await question.getByRole('button', { name: 'Leave it waiting for confirmation' }).click();
    await notSee(question);
    expect(await firstStatus.inputValue()).toBe('pending');
    await firstStatus.selectOption('confirmed');
    await question.getByRole('button', { name: 'Confirm and e-mail the customer' }).click();
    await seeToast(page, MESSAGES.statusUpdated);
    await expect.poll(() => statusHue(firstStatus), { message: 'confirmed is shown green' }).toBe('green');
    await secondStatus.selectOption('cancelled');
    await see(question.getByText("The car's days become free for other customers.", { exact: false }));
    await question.getByRole('button', { name: 'Cancel it and e-mail the customer' }).click();
    await expect.poll(() => statusHue(secondStatus), { message: 'cancelled is shown red' }).toBe('red');
    await page.reload();
    await findCustomer();
    await expect
      .poll(() =>
        rowOf(first)
          .getByRole('combobox', { name: /^Status of/ })
          .inputValue(),
      )
      .toBe('confirmed');
    expect(
      await rowOf(second)
        .getByRole('combobox', { name: /^Status of/ })
        .inputValue(),
    ).toBe('cancelled');

    const customerPage = await openPage({ token: seed.customer.token });
    await customerPage.goto('/my-bookings');
    const cardOf = (dates: typeof first) =>
      customerPage
        .getByRole('article')
        .filter({ hasText: `${car.brand} ${car.model}` })
        .filter({ hasText: dateRegExp(dates.pickupDate) });
    await see(cardOf(first));
    expect(await cardOf(first).textContent()).toMatch(/confirmed/i);
    expect(await cardOf(second).textContent()).toMatch(/cancelled/i);
  });

  test('sets the bank details that customers see when paying by cash deposit', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner/bank-details');
    const main = page.getByRole('main');
    const field = (label: RegExp) => main.getByLabel(label).first();
    // Prefilled with what is saved.
    await expect.poll(() => field(/bank name/i).inputValue()).toBe(seed.bankDetails.bankName);

    const details = { bankName: 'Scotiabank Jamaica', holder: 'Waterford Rentals Limited', branch: 'Portmore Mall', number: '0071-556-9012', type: 'Savings' };
    await field(/bank name/i).fill(details.bankName);
    await field(/holder/i).fill(details.holder);
    await field(/branch/i).fill(details.branch);
    await field(/account type/i).selectOption(details.type);
    const number = main.getByLabel('Account number', { exact: true });
    const again = main.getByLabel('Account number again', { exact: true });
    const save = main.getByRole('button', { name: /save/i });
    // Cash-deposit customers are told to pay into it: words are refused under the box, and the
    // number is asked twice, a slip in either refused too; nothing is saved meanwhile.
    await number.fill('abc');
    await again.fill('abc');
    await save.click();
    await see(main.getByText('Account number may hold only digits, spaces and dashes.', { exact: true }));
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await number.fill(details.number);
    await again.fill(details.number.replace(/2$/, '3'));
    await save.click();
    await see(main.getByText('The two account numbers are not the same. Please check both.', { exact: true }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('bank-accountNumberAgain');
    expect((await apiClient(seed.baseUrl).publicBankDetails())?.accountNumber).not.toBe(details.number);
    await again.fill(details.number);
    await save.click();
    await seeToast(page, MESSAGES.bankDetailsSaved);

    await page.reload();
    await expect.poll(() => field(/bank name/i).inputValue()).toBe(details.bankName);
    expect(await field(/account number/i).inputValue()).toBe(details.number);

    const customer = await openPage({ token: seed.customer.token });
    await customer.goto(`/payment/${seed.cars.xtrail._id}/${addDays(today, 80)}/${addDays(today, 81)}`);
    await customer.getByText('Cash deposit', { exact: true }).click();
    for (const value of Object.values(details)) await see(customer.getByText(value, { exact: true }));
  });

  test('changes the profile image', async ({ openPage, seed }) => {
    const page = await openPage({ token: seed.owner.token });
    await page.goto('/owner');
    await see(page.getByText('Total Cars', { exact: true }));
    // The picture chooser sits in the side menu, beside the owner's name, once its editor is open.
    await page.getByRole('button', { name: 'Change profile picture' }).click();
    await page.getByLabel('Profile picture', { exact: true }).setInputFiles(pngFile('me.png', PROFILE_COLOUR, 300, 300));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeToast(page, MESSAGES.imageUpdated);
    const user = await apiClient(seed.baseUrl).userData(seed.owner.token);
    expect(user.image).toBeTruthy();
    await page.reload();
    const avatar = page.locator(`img[src="${user.image}"]`).first();
    const colour = await imageCentreColour(avatar);
    expect(closeColour(colour, PROFILE_COLOUR), `profile picture colour ${colour}`).toBe(true);
  });
});
