/**
 * Draws the public pages on the server (decision 075) with the web package's server-render
 * bundle (packages/web/dist-ssr/entry-server.js, built by `vite build --ssr`). A page's data is
 * the API's own answers, fetched in-process (app.inject), so the HTML shows exactly what the API
 * says at that moment: a booking or car change acknowledged before is in the next page.
 * The drawn HTML is kept, keyed by those answers, the URL and the Jamaica day, so it is reused
 * only while all three are the same (never stale, never past midnight in Jamaica).
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { companyToday } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import { AnswerCache, type EncodedAnswer } from '../../features/fleetCache/encodedAnswers';
import { PageTemplate } from './pageTemplate';

type QueryKey = readonly unknown[];

/** What packages/web/src/entry-server.tsx exports. */
export interface ServerEntry {
  ready: Promise<void>;
  pageQueries(pathname: string): { queryKey: QueryKey; path: string }[] | null;
  pageModule(pathname: string): string | undefined;
  renderPage(url: string, fetched: { queryKey: QueryKey; answer: unknown }[]): Promise<{ html: string; state: string }> | { html: string; state: string };
}

/** The server-render bundle sits beside the browser's build (dist-ssr next to dist), never inside what is served. */
export function serverEntryFile(webDist: string): string {
  return join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/** Drawn pages kept, compressed: some tens of KB each, bounded by their total size. */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A page is compressed once per drawing and sent many times, so it is worth brotli 10 (~45 ms on
 * `/`): 12.6 KB instead of 14.6 KB at the on-the-fly level 4 puts the home page inside the first
 * round trip of a phone's connection (~14.6 KB), 150 ms earlier on Lighthouse's phone.
 */
const PAGE_EFFORT = { brotli: 10, gzip: 9 };

export class Prerenderer {
  private readonly pages = new AnswerCache(CACHE_MAX_BYTES, PAGE_EFFORT);

  constructor(
    private readonly app: FastifyInstance,
    private readonly entry: ServerEntry,
    private readonly template: PageTemplate,
    private readonly today: () => string = () => companyToday(),
  ) {}

  /** The page at `url` drawn with its data (HTML, compressed, with its ETag), or undefined for a page the browser draws alone. */
  async page(url: string): Promise<EncodedAnswer | undefined> {
    const pathname = url.split('?')[0] ?? '/';
    const queries = this.entry.pageQueries(pathname);
    if (!queries) return undefined;
    const answers = await Promise.all(
      queries.map((query) => this.app.inject({ method: 'GET', url: query.path, headers: { accept: 'application/json' } })),
    );
    const key = createHash('sha256');
    key.update(`${url}\n${this.today()}\n`);
    for (const answer of answers) key.update(`${answer.statusCode}\n${answer.body}\n`);
    return this.pages.get(key.digest('base64url'), async () => {
      // A refused answer (a car that does not exist) is left out: the browser asks again and says why.
      const fetched = queries.flatMap((query, i) => {
        const answer = answers[i];
        return answer?.statusCode === 200 ? [{ queryKey: query.queryKey, answer: answer.json() as unknown }] : [];
      });
      const { html, state } = await this.entry.renderPage(url, fetched);
      return this.template.page({ html, state, pageModule: this.entry.pageModule(pathname) });
    });
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
