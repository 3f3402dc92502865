/**
 * Makes an existing account an owner: `npm run owner -- <email> [--yes]`. No HTTP call can do this,
 * so staff are added by someone with access to the server and its settings.
 * It says whose account the address is (name, when it was created) and asks before changing
 * anything: an address can be registered by anyone, so the person running this must see that the
 * account is the colleague's. Promotion ends every session of the account (its session version
 * rises): the person logs in again.
 */
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';
import { openDatabase } from '../db/open';
import { type AccountSummary, findAccount, NoSuchAccountError, promoteToOwner } from '../features/firstOwner/bootstrap';

const USAGE =
  'Usage: npm run owner -- <email> [--yes]\n' +
  'Makes the account with this e-mail an owner (it must be registered first). It shows whose account it is and asks first; --yes skips the question.';

/** The first line typed on standard input, or undefined when it closes first. */
async function readAnswer(question: string): Promise<string | undefined> {
  process.stdout.write(question);
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return undefined;
  } finally {
    lines.close();
    process.stdin.pause();
  }
}

function describe(account: AccountSummary): string {
  const created = `${account.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${account.email} is the account of "${account.name}", created ${created}.`;
}

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const email = args.find((arg) => !arg.startsWith('-'));
  const yes = args.includes('--yes') || args.includes('-y');
  if (!email) {
    console.error(USAGE);
    return 2;
  }
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const config = loadConfig();
    opened = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    const account = await findAccount(opened.db, email);
    if (account.role === 'owner') {
      console.log(`${account.email} (${account.name}) is already an owner.`);
      return 0;
    }
    console.log(describe(account));
    if (!yes) {
      const answer = await readAnswer(
        'Make this account an owner? It will manage the fleet, every booking and the bank details customers pay into; ' +
          'its open sessions end and the person logs in again. [y/N] ',
      );
      if (!/^\s*y(es)?\s*$/i.test(answer ?? '')) {
        console.log(answer === undefined ? '\nNo answer: nothing changed.' : 'Nothing changed.');
        return 1;
      }
    }
    const result = await promoteToOwner(opened.db, account.email);
    console.log(
      result.wasOwner
        ? `${result.email} (${result.name}) is already an owner.`
        : `${result.email} (${result.name}) is now an owner. Its sessions have ended: it logs in again to use the owner area.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof NoSuchAccountError || err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Could not promote ${email}:`, err);
    return 1;
  } finally {
    await opened?.close();
  }
}

process.exitCode = await run();
