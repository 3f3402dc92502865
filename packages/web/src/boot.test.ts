/**
 * The boot script of a server-drawn page (decision 076): the page's code is asked for only once
 * the pictures asked at high priority are decoded (or have failed) and a frame has been drawn, and
 * it runs once the whole stylesheet is here (the page inlines only its own rules, decision 077).
 */
import { PAGE_CODE_ID, PAGE_LIVE_EVENT } from '@rental/contract/constants';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const CODE = { css: ['/assets/index-c4.css'], js: ['/assets/index-x1.js', '/assets/jsx-runtime-y2.js', '/assets/CarsPage-z3.js'] };

/** A drawn page with one photo at high priority, whose decoding the test finishes. */
function drawnPage(): { finishDecoding: (ok: boolean) => void } {
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root"><img fetchpriority="high" src="/api/images/x?w=640" alt="Toyota Corolla"></div><script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify(CODE)}</script>`;
  let finish: (ok: boolean) => void = () => undefined;
  const decoding = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('EncodingError')));
  });
  const photo = document.querySelector('img');
  if (photo) photo.decode = () => decoding;
  return { finishDecoding: (ok) => finish(ok) };
}

const entryScript = () => document.head.querySelector<HTMLScriptElement>('script[type="module"]');
const stylesheet = () => document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
/** jsdom loads no stylesheet: the test says when it has arrived. */
const stylesheetArrives = () => stylesheet()?.dispatchEvent(new Event('load'));
const preloads = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));

/** boot.ts is a classic script (no exports): it runs when imported, once per fresh module registry. */
const BOOT = './boot';
async function runBoot(): Promise<void> {
  vi.resetModules();
  await import(/* @vite-ignore */ BOOT);
}

afterEach(() => {
  // Each test's boot stops holding taps once told the page is live.
  document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('boot', () => {
  it("asks for the page's code only once its photo is decoded and painted", async () => {
    const page = drawnPage();
    await runBoot();
    // A few frames pass while the photo is still on its way: no code yet.
    for (let i = 0; i < 3; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(entryScript()).toBeNull();

    expect(stylesheet()).toBeNull();

    page.finishDecoding(true);
    // The whole stylesheet and the chunks first; the entry once the stylesheet is here.
    await waitFor(() => expect(stylesheet()?.getAttribute('href')).toBe(CODE.css[0]));
    expect(preloads()).toEqual(CODE.js.slice(1));
    expect(entryScript()).toBeNull();
    stylesheetArrives();
    await waitFor(() => expect(entryScript()).not.toBeNull());
    expect(entryScript()?.getAttribute('src')).toBe(CODE.js[0]);
    expect(entryScript()?.crossOrigin).toBe('');
  });

  it('starts the code when the photo fails, and when the stylesheet fails, once', async () => {
    const page = drawnPage();
    await runBoot();
    page.finishDecoding(false);
    await waitFor(() => expect(stylesheet()).not.toBeNull());
    stylesheet()?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(entryScript()).not.toBeNull());
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    expect(preloads()).toEqual(CODE.js.slice(1));
  });

  it('holds a tap on a button until React listens, starting the code at once, and gives it again then; links are left alone', async () => {
    drawnPage();
    const root = document.getElementById('root');
    root?.insertAdjacentHTML('beforeend', '<form><button type="submit">Book now</button></form><a href="/cars">All cars</a>');
    const button = document.querySelector('button');
    const clicks: boolean[] = [];
    const submits: number[] = [];
    button?.addEventListener('click', (event) => clicks.push(event.defaultPrevented));
    document.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      submits.push(1);
    });
    await runBoot();

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button?.dispatchEvent(early);
    // Held: not sent to the server, not seen by the page, and the code is asked for without waiting for the photo.
    expect(early.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]);
    expect(submits).toEqual([]);
    expect(stylesheet()?.getAttribute('href')).toBe(CODE.css[0]);

    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
    await waitFor(() => expect(clicks).toEqual([false]));
    expect(submits).toEqual([1]);
    // From then on taps go straight to the page.
    button?.click();
    expect(clicks).toEqual([false, false]);
  });

  it('leaves fields changed before React listens to the page (their owners read them, decision 086), and gives the held tap', async () => {
    drawnPage();
    document
      .getElementById('root')
      ?.insertAdjacentHTML(
        'beforeend',
        '<form><select aria-label="Car type"><option value="">Any</option><option>SUV</option></select><input aria-label="Pickup date" type="date"><button type="submit">Book now</button></form>',
      );
    const [type, pickup] = Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('select, input'));
    const seen: string[] = [];
    for (const field of [type, pickup]) {
      for (const kind of ['input', 'change']) field?.addEventListener(kind, () => seen.push(`${kind} ${field.getAttribute('aria-label')}`));
    }
    document.querySelector('button')?.addEventListener('click', () => seen.push('tap'));
    document.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
    await runBoot();

    // The visitor chooses before the code has arrived (what the browser fires for a choice).
    if (type) type.value = 'SUV';
    type?.dispatchEvent(new Event('change', { bubbles: true }));
    if (pickup) pickup.value = '2027-01-02';
    pickup?.dispatchEvent(new Event('input', { bubbles: true }));
    document.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    seen.length = 0;

    document.dispatchEvent(new Event(PAGE_LIVE_EVENT));
    await waitFor(() => expect(seen).toContain('tap'));
    // No event is made up for the fields: only the tap is given again, and the values are the visitor's.
    expect(seen).toEqual(['tap']);
    expect([type?.value, pickup?.value]).toEqual(['SUV', '2027-01-02']);
  });
});
