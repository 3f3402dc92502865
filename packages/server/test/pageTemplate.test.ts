/**
 * The frame of a server-drawn page when the web build has its boot script (decision 076): the page
 * names only boot, and lists what boot adds after the paint: the whole stylesheet (the page inlines
 * only the rules its HTML uses, decision 077) and the code (entry first, then what index.html
 * preloaded, then the page's own chunks). webApp.test.ts covers a build without it (decision 075).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CODE_ID } from '@rental/contract';
import { PageTemplate } from '../src/features/publicPages/pageTemplate';

const INDEX =
  '<!doctype html><html><head><title>Cars</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-b2.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">\n' +
  '  </head><body class="bg-white"><div id="root"></div></body></html>';
const CSS =
  '@layer theme{:root{--spacing:.25rem}}@layer utilities{.card{display:grid;gap:var(--spacing)}.owner-chart{display:flex}.bg-white{background:#fff}@media (width>=40rem){.sm\\:px-6{padding:6px}.wide{width:9rem}}}';
const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', imports: ['_jsx-runtime-b2.js'] },
  '_jsx-runtime-b2.js': { file: 'assets/jsx-runtime-b2.js' },
  'src/boot.ts': { file: 'assets/boot-d4.js', isEntry: true },
  'src/pages/CarsPage.tsx': { file: 'assets/CarsPage-e5.js', imports: ['index.html', '_jsx-runtime-b2.js', '_icons-f6.js'] },
  '_icons-f6.js': { file: 'assets/icons-f6.js' },
};

describe('a drawn page with the boot script', () => {
  let webDist: string;

  beforeAll(async () => {
    webDist = join(await mkdtemp(join(tmpdir(), 'rental-page-template-')), 'dist');
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await mkdir(join(webDist, '.vite'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'index-c3.css'), CSS);
    await writeFile(join(webDist, 'assets', 'boot-d4.js'), 'void 0;');
    await writeFile(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(async () => {
    await rm(join(webDist, '..'), { recursive: true, force: true });
  });

  const codeList = (page: string) =>
    JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_CODE_ID}">(.*?)</script>`).exec(page)?.[1] ?? 'null') as unknown;

  it('names only the boot script, and lists the stylesheet, the entry, its preloads and the page chunks for it', () => {
    const page = new PageTemplate(webDist).page({ html: '<main class="card sm:px-6">cars</main>', state: '[]', pageModule: 'src/pages/CarsPage.tsx' });
    expect(page).toContain('<script defer fetchpriority="low" src="/assets/boot-d4.js"></script></head>');
    // No tag asks for the code before the paint: neither the entry script nor a preload.
    expect(page).not.toMatch(/<script[^>]*src="\/assets\/index-a1\.js"/);
    expect(page).not.toContain('modulepreload');
    expect(codeList(page)).toEqual({
      css: ['/assets/index-c3.css'],
      js: ['/assets/index-a1.js', '/assets/jsx-runtime-b2.js', '/assets/CarsPage-e5.js', '/assets/icons-f6.js'],
    });
    expect(page).not.toMatch(/<link rel="stylesheet"/);
    // Only the rules of the classes the page uses (the body's included), in their order; the theme whole.
    expect(page).toContain(
      '<style>@layer theme{:root{--spacing:.25rem}}@layer utilities{.card{display:grid;gap:var(--spacing)}.bg-white{background:#fff}@media (width>=40rem){.sm\\:px-6{padding:6px}}}</style>',
    );
    expect(page).toContain('<div id="root"><main class="card sm:px-6">cars</main></div><script type="application/json" id="server-state">[]</script>');
  });

  it('lists only the entry and its preloads on a page without its own chunk', () => {
    const page = new PageTemplate(webDist).page({ html: '<main>home</main>', state: '[]' });
    expect(codeList(page)).toEqual({ css: ['/assets/index-c3.css'], js: ['/assets/index-a1.js', '/assets/jsx-runtime-b2.js'] });
    // Nothing on this page reads --spacing: its definition is left out too.
    expect(page).toContain('<style>@layer theme{:root{}}@layer utilities{.bg-white{background:#fff}}</style>');
  });

  it('announces the code at low priority as before when the boot file is missing from the build', async () => {
    await rm(join(webDist, 'assets', 'boot-d4.js'));
    try {
      const page = new PageTemplate(webDist).page({ html: '<main>cars</main>', state: '[]', pageModule: 'src/pages/CarsPage.tsx' });
      expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1.js"></script>');
      expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/CarsPage-e5.js">');
      expect(page).not.toContain(PAGE_CODE_ID);
      expect(page).not.toContain('boot-d4.js');
      expect(page).toContain(`<style>${CSS}</style>`);
    } finally {
      await writeFile(join(webDist, 'assets', 'boot-d4.js'), 'void 0;');
    }
  });
});
