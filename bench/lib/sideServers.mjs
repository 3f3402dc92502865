/**
 * Servers set beside ours in one Lighthouse sitting, each on its own loopback port, each sending
 * what it does not hold itself (the API, the pictures) to our server, so that all three pages ask
 * the same API for the same bytes and only the page itself differs:
 * - the floor: our drawn pages with every script taken out, served as stored bytes: what the HTML and
 *   CSS alone cost a phone (no page can do less work after its first paint);
 * - a peer: another client of our API, built by its own tools into a folder (its index.html answers
 *   every address it does not have a file for, as a single-page app's host does).
 * Text is sent brotli-compressed when the browser takes it, as a static host or CDN would.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** A stored answer: its bytes, and its brotli copy when it is text. */
function stored(body, type) {
  const br = COMPRESSIBLE.test(type) ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : undefined;
  return { body, br, type };
}

/** Everything under /api goes to our server as it came (headers, Host included), and back as it was. */
function proxy(target, req, res) {
  const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(upstream);
}

/** Starts a server from a map of path -> stored answer, with an optional fallback; resolves { baseUrl, stop() }. */
function serve(answers, ourBaseUrl, fallback) {
  const target = new URL(ourBaseUrl);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://side').pathname;
    const answer = answers.get(path) ?? (path.startsWith('/api/') ? undefined : fallback);
    if (!answer || req.method !== 'GET') return proxy(target, req, res);
    const useBr = answer.br && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': answer.type,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(useBr ? { 'content-encoding': 'br' } : {}),
    });
    res.end(useBr ? answer.br : answer.body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Our drawn HTML with no script: classic, module and data blocks, and module preloads. */
export function withoutScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

/** The floor: each of our pages as drawn now, without its scripts. */
export async function startFloor(ourBaseUrl, paths) {
  const answers = new Map();
  for (const path of paths) {
    const res = await fetch(`${ourBaseUrl}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`The floor could not copy ${path}: ${res.status}`);
    answers.set(path, stored(Buffer.from(withoutScripts(await res.text())), TYPES['.html']));
  }
  return serve(answers, ourBaseUrl);
}

/** A peer client built into `dir` (its index.html at the top). */
export async function startPeer(ourBaseUrl, dir) {
  const answers = new Map();
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else
        answers.set(
          `/${relative(dir, file).split('\\').join('/')}`,
          stored(readFileSync(file), TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream'),
        );
    }
  };
  walk(dir);
  const index = answers.get('/index.html');
  if (!index) throw new Error(`${dir} has no index.html: is it a built client?`);
  return serve(answers, ourBaseUrl, index);
}
