/**
 * index.html as Vite built it, turned into the frame of a server-drawn page, with the drawn HTML
 * and its data in #root.
 * With the boot script in the build (src/boot.ts, decision 076) the page names no other script:
 * the entry chunk, the chunks index.html preloads and the page's own chunks are listed in
 * #page-code with the stylesheet, and boot adds them once the page's largest paint is on the
 * screen. The page inlines only the rules of the classes it uses (decision 077), so the HTML fits
 * in fewer round trips; the whole stylesheet arrives with the code.
 * A build without boot gets decision 075's frame: the whole stylesheet inlined and the code
 * announced at low priority. (React itself puts a preload of each fetchpriority=high picture, with
 * its srcset and sizes, at the start of the drawn HTML.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { PAGE_CODE_ID } from '@rental/contract';
import { join } from 'node:path';
import { CriticalCss } from './criticalCss';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
const ROOT = '<div id="root"></div>';
/** The entry script and the preloads Vite writes in index.html (src or href, which is the file). */
const CODE_TAG = /<(?:script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>)\s*/g;
/** The boot script's source path in Vite's manifest. */
export const BOOT_MODULE = 'src/boot.ts';

export interface PageParts {
  /** The drawn page (React's HTML for #root). */
  html: string;
  /** The query cache it was drawn with, JSON safe inside a <script>. */
  state: string;
  /** The page's title and description with the company's name (usePageMeta), in place of index.html's generic ones. */
  title?: string | undefined;
  description?: string | undefined;
  /** The page module's source path in Vite's manifest (src/pages/CarsPage.tsx), when it has its own chunk. */
  pageModule?: string | undefined;
}

/** What the boot script reads in #page-code: the whole stylesheet, then the code, entry first. */
export interface PageCode {
  css: string[];
  js: string[];
}

/** Where the page's <style> goes in the head. */
const STYLE_SLOT = '<!--page-style-->';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head with the page's own title and description: the company's name is in the page before any script runs. */
function withMeta(head: string, title: string | undefined, description: string | undefined): string {
  let out = head;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description)
    out = out.replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
  return out;
}

/** "</style" cannot occur in CSS Tailwind writes, but a stray one must not end the element early. */
const styleSafe = (css: string) => css.replace(/<\/style/gi, '<\\/style');

export class PageTemplate {
  private readonly head: string;
  private readonly tail: string;
  private readonly manifest: Manifest;
  /** With a boot script: the stylesheet and the code index.html names, which boot adds after the paint. */
  private readonly deferred: PageCode | undefined;
  /** With a boot script: the stylesheet, of which each page inlines only what it uses (decision 077). */
  private readonly critical: CriticalCss | undefined;

  constructor(webDist: string) {
    let index = readFileSync(join(webDist, 'index.html'), 'utf8');
    const manifestFile = join(webDist, '.vite', 'manifest.json');
    this.manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
    const boot = this.manifest[BOOT_MODULE]?.file;
    const stylesheet = STYLESHEET.exec(index);
    const cssFile = stylesheet?.[1] && join(webDist, stylesheet[1]);
    const css = stylesheet && cssFile && existsSync(cssFile) ? readFileSync(cssFile, 'utf8') : undefined;

    if (boot && existsSync(join(webDist, boot))) {
      // The page is readable without its code: only the boot script is named, and it adds the rest
      // once the page's largest paint is on the screen (decision 076): the whole stylesheet, then the code.
      const js: string[] = [];
      index = index.replace(CODE_TAG, (_tag, src: string | undefined, href: string | undefined) => {
        js.push((src ?? href) as string);
        return '';
      });
      let critical: CriticalCss | undefined;
      if (stylesheet && css !== undefined) {
        try {
          critical = new CriticalCss(css);
        } catch {
          // A stylesheet this reader cannot split is inlined whole, as before.
        }
      }
      this.critical = critical;
      this.deferred = { css: critical && stylesheet ? [`/${stylesheet[1]}`] : [], js };
      if (stylesheet) index = index.replace(stylesheet[0], () => (critical ? STYLE_SLOT : `<style>${styleSafe(css ?? '')}</style>`));
      // A classic deferred script: it runs once the HTML is parsed, and a trace names its run.
      index = index.replace('</head>', () => `<script defer fetchpriority="low" src="/${boot}"></script></head>`);
    } else {
      // The stylesheet inlined (one request fewer before the first paint) and the code waiting
      // behind the picture on a phone's bandwidth: low priority for the entry script and the chunks
      // announced with it (decision 075).
      if (stylesheet && css !== undefined) index = index.replace(stylesheet[0], () => `<style>${styleSafe(css)}</style>`);
      index = index.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    }
    const at = index.indexOf(ROOT);
    if (at < 0) throw new Error(`${join(webDist, 'index.html')} has no ${ROOT}.`);
    this.head = index.slice(0, at);
    this.tail = index.slice(at + ROOT.length);
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

  page({ html, state, title, description, pageModule }: PageParts): string {
    const pageFiles = pageModule ? this.chunkFiles(pageModule).map((file) => `/${file}`) : [];
    const body = `<div id="root">${html}</div><script type="application/json" id="server-state">${state}</script>`;
    const { deferred } = this;
    if (deferred) {
      const code: PageCode = { css: deferred.css, js: [...deferred.js, ...pageFiles.filter((file) => !deferred.js.includes(file))] };
      // File names of our own build ([\w./-]): nothing in them can end the <script> element.
      const list = `<script type="application/json" id="${PAGE_CODE_ID}">${JSON.stringify(code)}</script>`;
      const head = this.critical ? this.head.replace(STYLE_SLOT, () => `<style>${styleSafe(this.critical?.for(this.head + html) ?? '')}</style>`) : this.head;
      return `${withMeta(head, title, description)}${body}${list}${this.tail}`;
    }
    const announced = (file: string) => this.head.includes(`${file}"`);
    const links = pageFiles.filter((file) => !announced(file)).map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`);
    const head = links.length ? this.head.replace('</head>', () => `${links.join('')}</head>`) : this.head;
    return `${withMeta(head, title, description)}${body}${this.tail}`;
  }
}
