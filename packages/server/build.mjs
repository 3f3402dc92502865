// Bundles the server (and the owner tool) into dist/ with esbuild. Our own workspace packages
// (@rental/*, TypeScript sources) are bundled in; every npm dependency stays external and is
// loaded from node_modules at run time (native modules such as sharp and argon2 must be).
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
console.log('server built: dist/main.js, dist/owner.js, dist/backup.js, dist/restore.js, dist/pgliteWorker.js');
