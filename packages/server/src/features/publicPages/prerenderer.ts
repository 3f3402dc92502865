/**
 * Draws the public pages on the server (decision 075) with the web package's server-render
 * bundle (packages/web/dist-ssr/entry-server.js, built by `vite build --ssr`). A page's data is
 * the API's own answers, fetched in-process (app.inject), so the HTML shows exactly what the API
 * says at that moment: a booking or car change acknowledged before is in the next page.
 * The drawn HTML is kept, keyed by those answers, the page's address and the Jamaica day, so it is
 * reused only while all three are the same (never stale, never past midnight in Jamaica). The
 * address is reduced to what the page reads (drawnPageUrl.ts), and the kept pages are bounded in
 * number and bytes, so made-up query strings or car ids cannot make the server draw page after page.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { companyToday } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import { getCompanySettings } from '../company';
import { AnswerCache, type EncodedAnswer } from '../fleetCache';
import { drawnPageUrl } from './drawnPageUrl';
import { PageTemplate } from './pageTemplate';

type QueryKey = readonly unknown[];

/** A page as the web's server bundle draws it: its HTML, its data and, from a newer bundle, its title and description. */
type DrawnPage = { html: string; state: string; title?: string | undefined; description?: string | undefined };

/** What packages/web/src/entry-server.tsx exports. */
export interface ServerEntry {
  ready: Promise<void>;
  /** `url`: a path, or a path with the query string drawnPageUrl kept. */
  pageQueries(url: string): { queryKey: QueryKey; path: string }[] | null;
  pageModule(pathname: string): string | undefined;
  renderPage(url: string, fetched: { queryKey: QueryKey; answer: unknown }[]): Promise<DrawnPage> | DrawnPage;
}

/** The server-render bundle sits beside the browser's build (dist-ssr next to dist), never inside what is served. */
export function serverEntryFile(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * Drawn pages kept, compressed: ~25 KB each (brotli and gzip of a 100-car page), so 16 MiB holds
 * ~650; 500 pages cover every car's page of a large fleet and the common trips on /cars.
 */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;
const CACHE_MAX_PAGES = 500;

/**
 * A page is compressed once per drawing and sent many times, so it is worth brotli 10 (~45 ms on
 * `/`): 12.6 KB instead of 14.6 KB at the on-the-fly level 4 puts the home page inside the first
 * round trip of a phone's connection (~14.6 KB), 150 ms earlier on Lighthouse's phone.
 */
const PAGE_EFFORT = { brotli: 10, gzip: 9 };

export class Prerenderer {
  private readonly pages: AnswerCache;

  constructor(
    private readonly app: FastifyInstance,
    private readonly entry: ServerEntry,
    private readonly template: PageTemplate,
    private readonly today: () => string = () => companyToday(),
    limits: { maxPages?: number; maxBytes?: number } = {},
  ) {
    this.pages = new AnswerCache({ maxBytes: limits.maxBytes ?? CACHE_MAX_BYTES, maxEntries: limits.maxPages ?? CACHE_MAX_PAGES, effort: PAGE_EFFORT });
  }

  /**
   * The page at `url` drawn with its data (HTML, compressed, with its ETag), or undefined for a
   * page the browser draws alone: one not drawn here, or one whose data was refused (a car that
   * does not exist: the browser asks again and says why).
   */
  async page(url: string): Promise<EncodedAnswer | undefined> {
    const pathname = url.split('?')[0] ?? '/';
    if (!this.entry.pageQueries(pathname)) return undefined;
    const today = this.today();
    // Drawn for the parameters it reads alone: the rest of the query string changes nothing on it.
    const drawnUrl = drawnPageUrl(url, today, (await getCompanySettings(this.app.db)).locations);
    // The answers that address shows (on /cars, the page of the fleet it asks for).
    const queries = this.entry.pageQueries(drawnUrl) ?? [];
    const answers = await Promise.all(queries.map((query) => this.app.inject({ method: 'GET', url: query.path, headers: { accept: 'application/json' } })));
    // Any address of the form /car-details/<id> has a page: drawing and keeping one per made-up id
    // would cost as much as a made-up query string did.
    if (answers.some((answer) => answer.statusCode !== 200)) return undefined;
    const key = createHash('sha256');
    key.update(`${drawnUrl}\n${today}\n`);
    for (const answer of answers) key.update(`${answer.body}\n`);
    return this.pages.get(key.digest('base64url'), async () => {
      const fetched = queries.map((query, i) => ({ queryKey: query.queryKey, answer: answers[i]!.json() as unknown }));
      const { html, state, title, description } = await this.entry.renderPage(drawnUrl, fetched);
      return this.template.page({ html, state, title, description, pageModule: this.entry.pageModule(pathname) });
    });
  }

  /** Pages kept now (for tests and the benchmark). */
  get keptPages(): number {
    return this.pages.count;
  }
}

/** When a file was last written (0 if it is missing). */
function writtenAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The prerenderer of the build on disk now: a new web build (index.html or the server bundle
 * written again) while the server runs is picked up at the next page, as index.html itself was,
 * so a page never names chunks the new build has removed.
 */
export class CurrentPrerenderer {
  private current: Promise<{ stamp: string; prerenderer: Prerenderer | undefined }> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly webDist: string,
  ) {}

  private stamp(): string {
    return `${writtenAt(join(this.webDist, 'index.html'))}/${writtenAt(serverEntryFile(this.webDist))}`;
  }

  private async load(stamp: string): Promise<{ stamp: string; prerenderer: Prerenderer | undefined }> {
    const file = serverEntryFile(this.webDist);
    if (!existsSync(file)) {
      this.app.log.warn({ file }, 'The web app has no server-render bundle: pages are drawn in the browser only (run `npm run build`).');
      return { stamp, prerenderer: undefined };
    }
    // A new URL per build: Node keeps every module it imported, so the same URL would give the old bundle.
    const entry = (await import(`${pathToFileURL(file).href}?build=${encodeURIComponent(stamp)}`)) as ServerEntry;
    await entry.ready;
    return { stamp, prerenderer: new Prerenderer(this.app, entry, new PageTemplate(this.webDist)) };
  }

  /** The prerenderer for the build on disk, or undefined when it has no server bundle. */
  async get(): Promise<Prerenderer | undefined> {
    const stamp = this.stamp();
    const loaded = this.current ? await this.current : undefined;
    if (loaded?.stamp === stamp) return loaded.prerenderer;
    const loading = this.load(stamp);
    this.current = loading;
    try {
      return (await loading).prerenderer;
    } catch (err) {
      this.current = undefined;
      throw err;
    }
  }
}

/** Loads the prerenderer of the build on disk at start (a missing bundle is logged once, here). */
export async function loadPrerenderer(app: FastifyInstance, webDist: string): Promise<CurrentPrerenderer> {
  const current = new CurrentPrerenderer(app, webDist);
  await current.get();
  return current;
}
