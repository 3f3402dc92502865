/** What a person looks for on the screen, as small helpers shared by the journeys. */
import { formatMoney } from '@rental/contract/format';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export { formatMoney };

/**
 * The amount a quote's row shows (QuoteLines: a <dt> with the row's words, its <dd> the amount), by
 * the row's words: 'Total', 'Subtotal', 'GCT (15%)', a line's label.
 */
export function quoteAmount(scope: Page | Locator, label: string | RegExp): Locator {
  const words = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}`) : label;
  return scope.getByRole('term').filter({ hasText: words }).locator('xpath=following-sibling::dd');
}

/** Waits until a quote's row shows this amount (a quote is fetched, and refetched as choices change). */
export async function expectQuoteAmount(scope: Page | Locator, label: string | RegExp, amount: number): Promise<void> {
  await expect
    .poll(() => quoteAmount(scope, label).filter({ visible: true }).allTextContents(), { message: `the quote's ${label} should read ${formatMoney(amount)}` })
    .toContain(formatMoney(amount));
}

/** How a quote's days line details them: "3 days × $6,500 JMD". */
export function daysDetail(days: number, dayRate: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} × ${formatMoney(dayRate)}`;
}

/** Waits until the locator shows, with a failure message naming what was missing. */
export async function see(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

export async function notSee(locator: Locator, timeout?: number): Promise<void> {
  await expect.poll(() => locator.filter({ visible: true }).count(), { timeout: timeout ?? 8_000 }).toBe(0);
}

/** A toast (react-hot-toast puts each in a role=status live region). */
export async function seeToast(page: Page, text: string | RegExp): Promise<void> {
  await see(page.getByRole('status').filter({ hasText: text }));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The N of 'Showing N Cars' on the car list. */
export async function shownCount(page: Page): Promise<number> {
  const label = await see(page.getByText(/Showing\s+\d+\s+Cars?/i));
  const match = /Showing\s+(\d+)/i.exec((await label.textContent()) ?? '');
  return Number(match?.[1]);
}

export async function expectShownCount(page: Page, expected: number): Promise<void> {
  await expect.poll(() => shownCount(page), { message: `'Showing ${expected} Cars'` }).toBe(expected);
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

export async function expectPath(page: Page, expected: string | RegExp): Promise<void> {
  await expect
    .poll(() => pathOf(page), { message: `the address should become ${expected}` })
    .toSatisfy((p: string) => (typeof expected === 'string' ? p === expected : expected.test(p)));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The calendar's name for a day button: "Saturday 28 November 2026" (then ", already taken" and so on). */
export function calendarDayName(iso: string): RegExp {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return new RegExp(`^(Today, )?${weekday} ${d} ${MONTHS[m - 1]} ${y}(,|$)`);
}

/** A day on the car page's calendar (or another form's, such as Change dates), going to later or earlier months until it shows (as a person would). */
export async function calendarDay(page: Page, iso: string, form: Locator = page.getByRole('form', { name: 'Book this car' })): Promise<Locator> {
  const grid = await see(form.getByRole('grid'));
  const [y, m] = iso.split('-').map(Number) as [number, number];
  for (let i = 0; i < 14; i++) {
    const [shownMonth, shownYear] = ((await grid.getAttribute('aria-label')) ?? '').split(' ');
    const shown = Number(shownYear) * 12 + MONTHS.indexOf(shownMonth ?? '');
    const wanted = y * 12 + (m - 1);
    if (shown === wanted) break;
    await form.getByRole('button', { name: shown < wanted ? 'Next month' : 'Previous month' }).click();
    await expect.poll(() => grid.getAttribute('aria-label')).not.toBe(`${shownMonth} ${shownYear}`);
  }
  return see(form.getByRole('button', { name: calendarDayName(iso) }));
}

/** Chooses the pickup and return days on the car page's calendar: a tap on each. */
export async function chooseDatesOnCalendar(page: Page, pickupDate: string, returnDate: string, form?: Locator): Promise<void> {
  await (await calendarDay(page, pickupDate, form)).click();
  await (await calendarDay(page, returnDate, form)).click();
}

/**
 * An account without a phone number is asked for one on the payment step (saved before booking).
 * Confirm Booking is enabled once the account has loaded: by then the page knows whether to ask.
 */
export async function giveThePhoneIfAsked(page: Page) {
  await expect.poll(() => page.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true);
  const phone = page.getByLabel('Your phone number');
  if (await phone.isVisible()) await phone.fill('876 555 0110');
}

/** Opens the login dialog from the navigation bar (or the open mobile menu). */
export async function openLoginDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Login', exact: true }).filter({ visible: true }).first().click();
  return see(page.getByRole('dialog'));
}

export async function logInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * The number a dashboard tile shows: the smallest box holding the tile's label and a number.
 * Reads what a person reads, whatever the markup.
 */
export async function tileNumber(page: Page, label: string): Promise<number> {
  const labelEl = await see(page.getByText(label, { exact: true }));
  const text = await labelEl.evaluate((el) => {
    let node: HTMLElement | null = el as HTMLElement;
    const own = (node.textContent ?? '').trim();
    while (node && (node.textContent ?? '').trim() === own) node = node.parentElement;
    while (node && !/\d/.test((node.textContent ?? '').replace(own, ''))) node = node.parentElement;
    return node ? (node.textContent ?? '').replace(own, '') : '';
  });
  const match = /[\d,]+/.exec(text);
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

export type Hue = 'green' | 'red' | 'amber' | 'neutral' | 'other';

/**
 * The hue angle (0-360) a person sees on a status: of its text, background and border colours as
 * drawn (through a canvas, so oklch counts too), the most saturated one's; null when all are greys.
 */
export async function hueAngle(locator: Locator): Promise<number | null> {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    let best: { spread: number; hue: number | null } = { spread: 39, hue: null };
    for (const colour of [s.color, s.backgroundColor, s.borderTopColor]) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = [...ctx.getImageData(0, 0, 1, 1).data] as [number, number, number, number];
      if (a <= 40) continue;
      const max = Math.max(r, g, b);
      const spread = max - Math.min(r, g, b);
      if (spread <= best.spread) continue;
      const sector = max === r ? (g - b) / spread : max === g ? (b - r) / spread + 2 : (r - g) / spread + 4;
      best = { spread, hue: (sector * 60 + 360) % 360 };
    }
    return best.hue;
  });
}

/** A hue angle's name as a person would say it: amber (orange to yellow, about 15-65) is not red. */
export function hueName(angle: number | null): Hue {
  if (angle === null) return 'neutral';
  if (angle < 15 || angle >= 340) return 'red';
  if (angle < 65) return 'amber';
  if (angle >= 80 && angle < 175) return 'green';
  return 'other';
}

/** The colour a person sees on a status, by name. */
export async function statusHue(locator: Locator): Promise<Hue> {
  return hueName(await hueAngle(locator));
}

/** The colour in the middle of a loaded <img>, to tell which picture the page shows. */
export async function imageCentreColour(img: Locator): Promise<number[]> {
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), {
      message: 'the picture should load',
    })
    .toBeGreaterThan(0);
  return img.evaluate((el) => {
    const image = el as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(image, 0, 0);
    return [...ctx.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height / 2), 1, 1).data].slice(0, 3);
  });
}

export function closeColour(actual: number[], expected: readonly number[], tolerance = 24): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

/**
 * Ways a calendar date may be written on screen ('2026-12-10', 'Dec 10, 2026', '10 Dec 2026',
 * 'December 10, 2026', '12/10/2026'), as one pattern.
 */
export function datePattern(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const short = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const long = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const dd = String(d).padStart(2, '0');
  const alts = [
    iso,
    `${short}\\.? 0?${d},? ${y}`,
    `0?${d} ${short}\\.?,? ${y}`,
    `${long} 0?${d},? ${y}`,
    `0?${d} ${long},? ${y}`,
    `0?${m}/0?${d}/${y}`,
    `${dd}/${String(m).padStart(2, '0')}/${y}`,
  ];
  return `(?:${alts.join('|')})`;
}

export function dateRegExp(iso: string): RegExp {
  return new RegExp(datePattern(iso), 'i');
}

/** A signature drawn as a finger would: down, along a wavy line across the box, up. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (t: number) => ({ x: box.x + box.width * (0.1 + 0.8 * t), y: box.y + box.height * (0.5 + 0.3 * Math.sin(t * Math.PI * 4)) });
  await page.mouse.move(at(0).x, at(0).y);
  await page.mouse.down();
  for (let i = 1; i <= 40; i++) await page.mouse.move(at(i / 40).x, at(i / 40).y, { steps: 2 });
  await page.mouse.up();
}
