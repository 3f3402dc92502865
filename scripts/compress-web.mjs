// Writes .br and .gz beside the web build's text files, so the server sends them precompressed
// (@fastify/static preCompressed) instead of compressing on every request.
// Part of the web package's build script (`vite build && node ../../scripts/compress-web.mjs`).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'web', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

if (!existsSync(dist)) {
  console.error(`compress-web: ${dist} does not exist; build the web app first.`);
  process.exit(1);
}

let files = 0;
let before = 0;
let after = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      visit(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: 9 });
    // Only keep a variant that really is smaller.
    if (br.length < content.length) writeFileSync(`${path}.br`, br);
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
    files += 1;
    before += content.length;
    after += Math.min(br.length, content.length);
  }
};
visit(dist);
console.log(`compress-web: ${files} files, ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`);
