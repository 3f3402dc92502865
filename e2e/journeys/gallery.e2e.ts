/**
 * Cars as they are: the owner sets a car's doors and distance allowance and
 * arranges its pictures; customers swipe through them on a phone and click through them on a
 * desktop, and the specification grid shows the car's own doors and distance.
 */
import { MESSAGES } from '@rental/contract/messages';
import type { Page } from 'playwright-core';
import { apiClient, typedApi } from '../support/api';
import { describeViolations, seriousViolations } from '../support/axe';
import { answerConfirmation } from '../support/confirm';
import type { Car } from '../support/contractTypes';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile, type Rgb } from '../support/png';
import type { Seed } from '../support/seed';
import { closeColour, imageCentreColour, see, seeToast } from '../support/ui';

const RED: Rgb = [220, 30, 30];
const GREEN: Rgb = [30, 180, 60];
const BLUE: Rgb = [30, 60, 220];

/** Smooth scrolling and snapping take a moment, longer on a busy machine. */
const SETTLES = { timeout: 10_000 } as const;

let carCounter = 0;
/** A fresh car of this journey's own, with pictures in these colours (the first is its cover). */
async function carWithPictures(seed: Seed, colours: Rgb[], fields: { doors?: number; distancePerDay?: number } = {}): Promise<Car> {
  carCounter += 1;
  const api = apiClient(seed.baseUrl);
  const model = `Gallery ${seed.runId.slice(0, 6)} ${carCounter}`;
  const car = await api.addCar(
    seed.owner.token,
    {
      brand: 'Mazda',
      model,
      year: 2021,
      pricePerDay: 9900,
      category: 'Cabriolet',
      transmission: 'Manual',
      fuel_type: 'Petrol',
      seating_capacity: 2,
      location: 'Waterford, Portmore',
      description: 'Top down along the coast.',
      ...fields,
    },
    pngFile('cover.png', colours[0]!),
  );
  let latest = car;
  for (const [index, colour] of colours.slice(1).entries()) {
    const form = new FormData();
    const file = pngFile(`view-${index}.png`, colour);
    form.append('image', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    latest = (await typedApi(seed.baseUrl, seed.owner.token).call('addCarPicture', { params: { id: car._id }, form })).car;
  }
  return latest;
}

/** The picture that fills the gallery's frame now, found by where it is rather than by the counter. */
async function pictureInFrame(page: Page): Promise<number> {
  const gallery = page.getByRole('region', { name: /^Pictures of the / });
  return gallery.evaluate((section) => {
    const frame = section.querySelector('[data-testid="gallery-track"]')!.getBoundingClientRect();
    const slides = [...section.querySelectorAll('[aria-roledescription="slide"]')];
    return slides.findIndex((slide) => Math.abs(slide.getBoundingClientRect().left - frame.left) < 2);
  });
}

/** What the specification grid says for one label ("Doors" → "2"). */
async function specValue(page: Page, label: string): Promise<string | null | undefined> {
  const term = page.getByRole('region', { name: 'Specifications' }).getByText(label, { exact: true });
  await see(term);
  return term.evaluate((dt) => dt.nextElementSibling?.textContent);
}

async function counterSays(page: Page, text: string): Promise<void> {
  await see(page.getByRole('region', { name: /^Pictures of the / }).getByText(text, { exact: true }));
}

describe('a car as it is: doors, distance and pictures', () => {
  test('the owner sets doors and distance, adds pictures, makes one the cover and removes one', async ({ openPage, seed }) => {
    const car = await carWithPictures(seed, [RED]);
    const page = await openPage({ token: seed.owner.token, viewport: DESKTOP });
    await page.goto(`/owner/add-car/${car._id}`);
    const main = page.getByRole('main');
    const doors = main.getByLabel('Doors', { exact: true });
    await expect.poll(() => doors.inputValue()).toBe('4');
    expect(await main.getByLabel(/Daily distance allowance/).inputValue()).toBe('500');

    const pictures = main.getByRole('region', { name: 'Pictures' });
    await see(pictures.getByText('1 of 8', { exact: false }));
    await pictures.getByLabel('Add a picture').setInputFiles(pngFile('green.png', GREEN));
    await seeToast(page, MESSAGES.carPictureAdded);
    await expect.poll(() => pictures.getByRole('listitem').count()).toBe(2);
    await pictures.getByLabel('Add a picture').setInputFiles(pngFile('blue.png', BLUE));
    await expect.poll(() => pictures.getByRole('listitem').count()).toBe(3);

    // Blue becomes the cover, then green moves before red: blue, green, red.
    await pictures.getByRole('button', { name: 'Make cover: picture 3' }).click();
    await seeToast(page, MESSAGES.carPicturesReordered);
    await expect.poll(async () => closeColour(await imageCentreColour(pictures.getByRole('listitem').first().getByRole('img')), BLUE), SETTLES).toBe(true);
    await pictures.getByRole('button', { name: 'Move picture 3 earlier' }).click();
    await expect
      .poll(
        async () =>
          (await apiClient(seed.baseUrl).car(car._id)).pictures.length === 3 &&
          closeColour(await imageCentreColour(pictures.getByRole('listitem').nth(1).getByRole('img')), GREEN),
      )
      .toBe(true);

    // Red (now third) goes, after the question.
    const question = await answerConfirmation(page, pictures.getByRole('button', { name: 'Remove picture 3' }), true);
    expect(question).toMatch(/Remove picture 3/);
    await seeToast(page, MESSAGES.carPictureRemoved);
    await expect.poll(() => pictures.getByRole('listitem').count()).toBe(2);

    await doors.fill('2');
    await main.getByLabel(/Daily distance allowance/).fill('250');
    await main.getByRole('button', { name: 'Save changes' }).click();
    await seeToast(page, MESSAGES.carUpdated);

    const saved = await apiClient(seed.baseUrl).car(car._id);
    expect(saved).toMatchObject({ doors: 2, distancePerDay: 250 });
    expect(saved.pictures).toHaveLength(2);
    expect(saved.image).toBe(saved.pictures[0]);

    // Customers see the new cover first, and the car's own doors and distance.
    await page.goto(`/car-details/${car._id}`);
    const gallery = page.getByRole('region', { name: `Pictures of the Mazda ${car.model}` });
    expect(closeColour(await imageCentreColour(gallery.getByRole('img').first()), BLUE)).toBe(true);
    expect(await specValue(page, 'Doors')).toBe('2');
    expect(await specValue(page, 'Distance')).toBe('250 km');
  });

  test('on a 390 px phone the customer swipes through the pictures, nothing wider than the screen', async ({ openPage, seed }) => {
    const car = await carWithPictures(seed, [RED, GREEN, BLUE]);
    const page = await openPage({ viewport: PHONE, mobile: true });
    await page.goto(`/car-details/${car._id}`);
    const gallery = page.getByRole('region', { name: `Pictures of the Mazda ${car.model}` });
    await see(gallery);
    await counterSays(page, '1 / 3');
    const images = gallery.getByRole('img');
    expect(await images.evaluateAll((all) => all.map((img) => img.getAttribute('loading')))).toEqual(['eager', 'lazy', 'lazy']);
    expect(await images.evaluateAll((all) => all.map((img) => img.getAttribute('alt')))).toEqual([
      `Mazda ${car.model}`,
      `Mazda ${car.model}, picture 2 of 3`,
      `Mazda ${car.model}, picture 3 of 3`,
    ]);
    // The frame has the pictures' proportions from the start: nothing below it moves when they arrive.
    const frame = (await gallery.boundingBox())!;
    expect(Math.abs(frame.height - frame.width * 0.625)).toBeLessThan(2);

    // A finger swipe to the left, as the phone's touch screen reports it: down, a few moves, up.
    // Above the buttons (a finger that lands on one presses it instead).
    const cdp = await page.context().newCDPSession(page);
    const swipe = async () => {
      const box = (await gallery.boundingBox())!;
      const y = Math.round(box.y + box.height * 0.3);
      const from = Math.round(box.x + box.width * 0.7);
      const to = Math.round(box.x + box.width * 0.1);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      for (let step = 1; step <= 8; step++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(from + ((to - from) * step) / 8), y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    const track = gallery.getByTestId('gallery-track');
    const swipeTo = async (index: number) => {
      const start = await track.evaluate((el) => el.scrollLeft);
      // A busy machine can stretch the gesture into a long press, which scrolls nothing: the finger tries again.
      for (let attempt = 0; attempt < 3; attempt++) {
        await swipe();
        const moved = await expect
          .poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 2_000 })
          .not.toBe(start)
          .then(
            () => true,
            () => false,
          );
        if (moved) break;
      }
      // One swipe, one picture: the strip snaps to the next picture, never past it.
      await expect.poll(() => pictureInFrame(page), SETTLES).toBe(index);
    };
    await swipeTo(1);
    await counterSays(page, '2 / 3');
    expect(closeColour(await imageCentreColour(images.nth(1)), GREEN)).toBe(true);
    await swipeTo(2);
    await counterSays(page, '3 / 3');
    expect(closeColour(await imageCentreColour(images.nth(2)), BLUE)).toBe(true);

    // The page itself never scrolls sideways.
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, x: window.scrollX }));
    expect(widths.scroll).toBeLessThanOrEqual(PHONE.width);
    expect(widths.x).toBe(0);
    // The buttons work under a thumb as well.
    await gallery.getByRole('button', { name: 'Previous picture' }).tap();
    await expect.poll(() => pictureInFrame(page), SETTLES).toBe(1);
    await counterSays(page, '2 / 3');
  });

  test('on a desktop the customer clicks and keys through the pictures; the page passes axe', async ({ openPage, seed }) => {
    const car = await carWithPictures(seed, [RED, GREEN, BLUE], { doors: 2, distancePerDay: 1200 });
    const page = await openPage({ viewport: DESKTOP, bypassCSP: true });
    await page.goto(`/car-details/${car._id}`);
    const gallery = page.getByRole('region', { name: `Pictures of the Mazda ${car.model}` });
    await counterSays(page, '1 / 3');
    const next = gallery.getByRole('button', { name: 'Next picture' });
    const previous = gallery.getByRole('button', { name: 'Previous picture' });
    expect(await previous.getAttribute('aria-disabled')).toBe('true');

    await next.click();
    await expect.poll(() => pictureInFrame(page), SETTLES).toBe(1);
    await counterSays(page, '2 / 3');
    // Keyboard alone: the focused button with Enter, then Space.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pictureInFrame(page), SETTLES).toBe(2);
    await counterSays(page, '3 / 3');
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(closeColour(await imageCentreColour(gallery.getByRole('img').nth(2)), BLUE)).toBe(true);
    await previous.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => pictureInFrame(page), SETTLES).toBe(1);
    // The strip itself takes the focus, and the arrow keys move it picture by picture.
    await gallery.getByRole('group', { name: /the arrow keys move between them/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => pictureInFrame(page), SETTLES).toBe(0);
    await counterSays(page, '1 / 3');

    expect(await specValue(page, 'Doors')).toBe('2');
    expect(await specValue(page, 'Distance')).toBe('1,200 km');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
