// `npm run owner -- <email>`: makes an existing account an owner (see packages/server/src/cli/owner.ts).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './ensureBuilt.mjs';

ensureBuilt({ web: false });
await import(pathToFileURL(join(root, 'packages/server/dist/owner.js')).href);
