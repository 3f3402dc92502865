/**
 * The fleet's version as this instance knows it: the sum of fleet_version's shards (migration
 * 0010), raised by triggers in the same transaction as every change a customer's view of the
 * fleet depends on. Other instances' changes arrive by polling; this instance's own changes are
 * seen at once, since every write request marks the version dirty before it is answered and the
 * next read then asks the database before it trusts a cached answer.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/types';

export class FleetVersion {
  private version: string | undefined;
  private dirty = true;
  private refreshing: Promise<void> | undefined;
  /** Reads may finish out of order (a slow poll after a quick refresh): only a later-issued read may replace the value. */
  private issued = 0;
  private applied = 0;

  constructor(private readonly db: Database) {}

  /** Something may have changed the fleet (a write was just acknowledged): ask the database before the next read trusts the cache. */
  markDirty(): void {
    this.dirty = true;
  }

  /** The version every read made from now on must be keyed on. */
  async current(): Promise<string> {
    if (this.dirty || this.version === undefined) {
      this.dirty = false;
      const refresh = this.read()
        .catch((err: unknown) => {
          // Not known: the next read asks again rather than trusting the old version.
          this.dirty = true;
          throw err;
        })
        .finally(() => {
          if (this.refreshing === refresh) this.refreshing = undefined;
        });
      this.refreshing = refresh;
    }
    // A read that arrives while the refresh is on its way must wait for it too, or it would use the old version.
    if (this.refreshing) await this.refreshing;
    return this.version!;
  }

  /** The version when it can be trusted without asking the database (nothing written since it was read), else undefined. */
  known(): string | undefined {
    return this.dirty || this.refreshing ? undefined : this.version;
  }

  /** Reads the version now (the poll of other instances' changes). */
  async read(): Promise<void> {
    const ticket = ++this.issued;
    const [row] = await queryRows<{ version: string }>(this.db, sql`SELECT coalesce(sum(version), 0)::text AS version FROM fleet_version`);
    if (ticket > this.applied) {
      this.applied = ticket;
      this.version = row!.version;
    }
  }
}
