/**
 * The app with its owner and, on PostgreSQL, a second pool on the same database, as a second
 * instance of the site would have: the sweeps that must act once are run on both at the same moment.
 */
import { openDatabase } from '../../src/db/open';
import type { Database } from '../../src/db/types';
import { type Account, createOwner, createTestApp, type TestApp, type TestAppOptions } from '../helpers';

export interface AppWithSecondInstance {
  t: TestApp;
  owner: Account;
  /** The second instance's database: its own pool on PostgreSQL, the same one on PGlite (one process). */
  second: Database;
  close(): Promise<void>;
}

export async function appWithSecondInstance(config: TestAppOptions['config']): Promise<AppWithSecondInstance> {
  const t = await createTestApp({ config });
  try {
    const owner = await createOwner(t.app);
    const pool = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 2 }) : undefined;
    return {
      t,
      owner,
      second: pool?.db ?? t.db,
      close: async () => {
        await pool?.close();
        await t.close();
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}
