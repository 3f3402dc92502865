/**
 * The journeys' test function: a real Chromium per test file, a fresh browser context per page
 * (its own local storage, so sessions never leak between journeys), and on failure a screenshot
 * and the page's console in the run's results folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import type { Seed } from './seed';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export type OpenPageOptions = {
  /** A session token put in local storage before the first page loads (arranged login). */
  token?: string;
  viewport?: { width: number; height: number };
  /** Phone-like: touch and mobile viewport meta honoured. */
  mobile?: boolean;
  /** Lets axe-core be injected: the site's CSP rightly refuses inline scripts. */
  bypassCSP?: boolean;
};

type Opened = { page: Page; log: string[]; pageErrors: string[] };

type Fixtures = {
  seed: Seed;
  browser: Browser;
  openPage: (options?: OpenPageOptions) => Promise<Page>;
  /** A desktop page of a visitor (no session). */
  page: Page;
};

function slug(text: string): string {
  return text
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

export const test = base.extend<Fixtures>({
  seed: [
    // Vitest fixtures must destructure their first argument
    async ({}, use) => {
      await use(inject('seed'));
    },
    { scope: 'file' },
  ],

  browser: [
    // Vitest fixtures must destructure their first argument
    async ({}, use) => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],

  openPage: async ({ browser, seed, task }, use) => {
    const opened: Opened[] = [];
    const contexts: BrowserContext[] = [];

    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: seed.baseUrl,
        viewport: options.viewport ?? DESKTOP,
        isMobile: options.mobile ?? false,
        hasTouch: options.mobile ?? false,
        bypassCSP: options.bypassCSP ?? false,
        locale: 'en-US',
        timezoneId: 'America/Jamaica',
        storageState: options.token ? { cookies: [], origins: [{ origin: seed.baseUrl, localStorage: [{ name: 'token', value: options.token }] }] } : undefined,
      });
      context.setDefaultTimeout(8_000);
      context.setDefaultNavigationTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      const entry: Opened = { page, log: [], pageErrors: [] };
      opened.push(entry);
      const stamp = () => new Date().toISOString().slice(11, 23);
      page.on('console', (m) => entry.log.push(`${stamp()} [${m.type()}] ${m.text()}`));
      page.on('pageerror', (e) => {
        entry.log.push(`${stamp()} [pageerror] ${e.stack ?? e.message}`);
        entry.pageErrors.push(e.message);
      });
      page.on('requestfailed', (r) => entry.log.push(`${stamp()} [requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
      page.on('response', (r) => {
        if (r.status() >= 400) entry.log.push(`${stamp()} [http ${r.status()}] ${r.request().method()} ${r.url()}`);
      });
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) entry.log.push(`${stamp()} [navigated] ${f.url()}`);
      });
      return page;
    });

    // A script error the user never sees still means something on the page broke.
    const pageErrors = opened.flatMap((o) => o.pageErrors);
    const failed = task.result?.state === 'fail' || pageErrors.length > 0;
    if (failed) {
      const file = path.basename(task.file?.name ?? 'journey').replace(/\.e2e\.ts$/, '');
      const dir = path.join(seed.resultsDir, `${slug(file)}--${slug(task.name)}`);
      mkdirSync(dir, { recursive: true });
      for (const [i, { page, log }] of opened.entries()) {
        const name = `page-${i + 1}`;
        writeFileSync(path.join(dir, `${name}.console.log`), `${page.isClosed() ? '(closed)' : page.url()}\n${log.join('\n')}\n`);
        if (!page.isClosed()) {
          await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, timeout: 5_000 }).catch(() => {});
        }
      }
      console.error(`e2e artifacts: ${dir}`);
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    if (pageErrors.length > 0 && task.result?.state !== 'fail') {
      throw new Error(`The page threw uncaught errors:\n${pageErrors.join('\n')}`);
    }
  },

  page: async ({ openPage }, use) => {
    await use(await openPage());
  },
});

export { describe, expect } from 'vitest';
