// Bundles the server (and the owner tool) into dist/ with esbuild. Our own workspace packages
// (@rental/*, TypeScript sources) are bundled in; every npm dependency stays external and is
// loaded from node_modules at run time (native modules such as sharp and argon2 must be).
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');

/** Bare imports ("fastify", "pg/lib") are external unless they are one of ours. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@rental/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    owner: 'src/cli/owner.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    // PGlite's thread (src/db/pglite/thread.ts looks for it beside the bundle).
    pgliteWorker: 'src/db/pglite/worker.ts',
    // The PDF cleaner's thread (src/features/drivers/documents.ts looks for it beside the bundle).
    pdfWorker: 'src/features/drivers/pdfWorker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies],
});
// migrate.ts finds them beside the bundle (dist/migrations), as it does beside itself in src/db.
await cp(join(here, 'src', 'db', 'migrations'), join(dist, 'migrations'), { recursive: true });
// The repeatable SQL files live beside their features; from dist, migrate.ts reads them in dist/repeatable.
await mkdir(join(dist, 'repeatable'));
const features = join(here, 'src', 'features');
for (const file of await readdir(features, { recursive: true })) {
  if (file.endsWith('.sql')) await cp(join(features, file), join(dist, 'repeatable', basename(file)));
}
console.log('server built: dist/main.js, dist/owner.js, dist/backup.js, dist/restore.js, dist/pgliteWorker.js, dist/pdfWorker.js');
