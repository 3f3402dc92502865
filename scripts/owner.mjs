// `npm run owner -- <email> [--yes]`: makes an existing account an owner after saying whose it is
// and asking (--yes skips the question); its sessions end. See packages/server/src/cli/owner.ts.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './ensureBuilt.mjs';

ensureBuilt({ web: false });
await import(pathToFileURL(join(root, 'packages/server/dist/owner.js')).href);
