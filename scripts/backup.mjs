// `npm run backup [-- <file>]`: writes all data to one file (see packages/server/src/cli/backup.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './ensureBuilt.mjs';

ensureBuilt({ web: false });
await import(pathToFileURL(join(root, 'packages/server/dist/backup.js')).href);
