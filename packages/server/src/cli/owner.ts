/**
 * Makes an existing account an owner: `npm run owner -- <email>`. No HTTP call can do this, so
 * staff are added by someone with access to the server and its settings.
 */
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';
import { openDatabase } from '../db/open';
import { NoSuchAccountError, promoteToOwner } from '../features/owners/bootstrap';

async function run(): Promise<number> {
  const email = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!email) {
    console.error('Usage: npm run owner -- <email>\nMakes the account with this e-mail an owner (it must be registered first).');
    return 2;
  }
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const config = loadConfig();
    opened = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    const result = await promoteToOwner(opened.db, email);
    console.log(result.wasOwner ? `${result.email} (${result.name}) is already an owner.` : `${result.email} (${result.name}) is now an owner.`);
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
