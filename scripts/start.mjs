// `npm start` / `npm run demo`: build what is out of date, then run the server in this process,
// so SIGTERM and Ctrl-C reach its clean shutdown directly (and --demo is already in argv).
import { pathToFileURL } from 'node:url';
import { SERVER_OUTPUT, ensureBuilt } from './ensureBuilt.mjs';

// The demo takes card payments through the local payment sandbox (no internet, no money), and
// sends WhatsApp and SMS to the local message sandbox (no phone reached), unless told otherwise.
const demo = process.argv.includes('--demo') || process.env.DEMO === '1';
if (demo && !process.env.PAYMENT_PROVIDER) process.env.PAYMENT_PROVIDER = 'sandbox';
if (demo && !process.env.MESSAGE_PROVIDER) process.env.MESSAGE_PROVIDER = 'sandbox';

ensureBuilt({ web: true });
await import(pathToFileURL(SERVER_OUTPUT).href);
