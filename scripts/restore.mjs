// `npm run restore -- <file> [--force]`: brings a backup back (see packages/server/src/cli/restore.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './ensureBuilt.mjs';

ensureBuilt({ web: false });
await import(pathToFileURL(join(root, 'packages/server/dist/restore.js')).href);
