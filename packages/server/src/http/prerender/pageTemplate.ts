/**
 * index.html as Vite built it, turned into the frame of a server-drawn page: the stylesheet
 * inlined (one request fewer before the first paint), the page's own code announced
 * (modulepreload) and all code fetched at low priority, and the drawn HTML and its data in #root. (React itself puts a preload of each
 * fetchpriority=high picture, with its srcset and sizes, at the start of the drawn HTML.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
const ROOT = '<div id="root"></div>';

export interface PageParts {
  /** The drawn page (React's HTML for #root). */
  html: string;
  /** The query cache it was drawn with, JSON safe inside a <script>. */
  state: string;
  /** The page module's source path in Vite's manifest (src/pages/CarsPage.tsx), when it has its own chunk. */
  pageModule?: string | undefined;
}

export class PageTemplate {
  private readonly head: string;
  private readonly tail: string;
  private readonly manifest: Manifest;

  constructor(webDist: string) {
    let index = readFileSync(join(webDist, 'index.html'), 'utf8');
    const stylesheet = STYLESHEET.exec(index);
    const cssFile = stylesheet?.[1] && join(webDist, stylesheet[1]);
    if (stylesheet && cssFile && existsSync(cssFile)) {
      // "</style" cannot occur in CSS Tailwind writes, but a stray one must not end the element early.
      const css = readFileSync(cssFile, 'utf8').replace(/<\/style/gi, '<\\/style');
      index = index.replace(stylesheet[0], () => `<style>${css}</style>`);
    }
    // The page is readable without its code, so the code waits behind the picture on a phone's
    // bandwidth: low priority for the entry script and the chunks announced with it.
    index = index.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    const at = index.indexOf(ROOT);
    if (at < 0) throw new Error(`${join(webDist, 'index.html')} has no ${ROOT}.`);
    this.head = index.slice(0, at);
    this.tail = index.slice(at + ROOT.length);
    const manifestFile = join(webDist, '.vite', 'manifest.json');
    this.manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  }

  /** The files a module's chunk needs, itself first, each once (the entry's own are already in index.html). */
  private chunkFiles(module: string): string[] {
    const files: string[] = [];
    const seen = new Set<string>(['index.html']);
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = this.manifest[key];
      if (!chunk) return;
      files.push(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit(module);
    return files;
  }

  page({ html, state, pageModule }: PageParts): string {
    const links: string[] = [];
    const announced = (file: string) => this.head.includes(`/${file}"`);
    if (pageModule) for (const file of this.chunkFiles(pageModule).filter((f) => !announced(f))) links.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
    const head = links.length ? this.head.replace('</head>', () => `${links.join('')}</head>`) : this.head;
    return `${head}<div id="root">${html}</div><script type="application/json" id="server-state">${state}</script>${this.tail}`;
  }
}
