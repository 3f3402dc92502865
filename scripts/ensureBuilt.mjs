// Builds what is missing or older than its sources, so `npm start` on a fresh clone just works
// and a second start does not rebuild anything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(root, ...parts);

const SKIPPED = new Set(['node_modules', 'dist', 'test', '.tmp-render']);

/** The newest modification time under these paths; tests do not count. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIPPED.has(entry)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
}

const contract = [at('packages/contract/src'), at('packages/contract/package.json')];

export const WEB_OUTPUT = at('packages/web/dist/index.html');
/** The server-render bundle (decision 075): a web build from before it existed is built again. */
export const WEB_SERVER_OUTPUT = at('packages/web/dist-ssr/entry-server.js');
export const SERVER_OUTPUT = at('packages/server/dist/main.js');

export function ensureBuilt({ web = true } = {}) {
  const webSources = [
    at('packages/web/src'),
    at('packages/web/public'),
    at('packages/web/index.html'),
    at('packages/web/vite.config.ts'),
    at('packages/web/package.json'),
    ...contract,
  ];
  if (web && (isStale(WEB_OUTPUT, webSources) || isStale(WEB_SERVER_OUTPUT, webSources))) {
    // The web package's build also writes the .br/.gz files the server sends.
    run('npm', ['run', 'build', '-w', '@rental/web']);
  }
  const serverSources = [at('packages/server/src'), at('packages/server/build.mjs'), at('packages/server/package.json'), ...contract];
  if (isStale(SERVER_OUTPUT, serverSources)) run('npm', ['run', 'build', '-w', '@rental/server']);
}
