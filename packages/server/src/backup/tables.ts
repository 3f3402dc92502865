/** What the database holds, read from its catalogue, so a new table or column is backed up without code changes. */
import { type SqlSession } from '../db/rawTransaction';
import { quoteIdent } from './connection';

export interface ColumnInfo {
  name: string;
  /** As format_type prints it, usable in a cast: "uuid", "timestamp with time zone", "bytea". */
  type: string;
}

export interface TableInfo {
  name: string;
  /** Stored columns only: generated columns (bookings.period) are recomputed by the database. */
  columns: ColumnInfo[];
}

export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Rows of the settings table whose key names a secret (the session signing secret `jwt_secret`, a
 * one-time token) are never written to a backup: a backup file would otherwise be a key to every
 * account. Restore drops them too from a file made before this rule. Without its signing secret, a
 * restored database gets a new one when the server starts, so everyone logs in again.
 */
const SETTINGS_TABLE = 'settings';
const SECRET_SETTING = /secret|token|password/i;

/** A test on a row (its values in `columns` order): true for a row that must stay out of backups. */
export function secretRowTest(table: string, columns: { name: string }[]): ((row: readonly (string | null)[]) => boolean) | undefined {
  if (table !== SETTINGS_TABLE) return undefined;
  const key = columns.findIndex((c) => c.name === 'key');
  if (key < 0) return undefined;
  return (row) => SECRET_SETTING.test(row[key] ?? '');
}

/**
 * Columns left empty in a backup, whatever the row: a reset e-mail's token (outbox.link_token,
 * migrations/0013) would open its account for as long as the link works. The e-mail's row and
 * bodies are kept (they never hold the token); restored, it is not sent but marked failed, since
 * its link is gone. Restore empties them too, from a file made some other way.
 */
const SECRET_COLUMNS: Record<string, readonly string[]> = { outbox: ['link_token'] };

/**
 * One-time links left in text: a waiting staff invitation's e-mail keeps its link in its bodies for
 * the owners' outbox (features/staff/invitations.ts), but a backup must not carry a link that makes
 * its holder staff. Its token becomes the placeholder, as when the invitation ends.
 */
const SECRET_LINKS: Record<string, { columns: readonly string[]; pattern: RegExp; replacement: string }> = {
  outbox: { columns: ['text_body', 'html_body'], pattern: /(\/staff-invitation\/)[A-Za-z0-9_%-]+/g, replacement: '$1link-not-kept' },
};

/** A row (its values in `columns` order) with its secret columns emptied and links blotted out; undefined for a table without any. */
export function secretColumnBlanker(table: string, columns: { name: string }[]): ((row: (string | null)[]) => (string | null)[]) | undefined {
  const secret = SECRET_COLUMNS[table] ?? [];
  const positions = columns.flatMap((c, i) => (secret.includes(c.name) ? [i] : []));
  const links = SECRET_LINKS[table];
  const linkPositions = links ? columns.flatMap((c, i) => (links.columns.includes(c.name) ? [i] : [])) : [];
  if (positions.length === 0 && linkPositions.length === 0) return undefined;
  return (row) =>
    row.map((value, i) => {
      if (positions.includes(i)) return null;
      if (links && value !== null && linkPositions.includes(i)) return value.replace(links.pattern, links.replacement);
      return value;
    });
}

/** Every table of the public schema, parents before the tables that reference them. */
export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const columns = await session.query<{ table_name: string; column_name: string; column_type: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS column_type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
  const references = await session.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
       FROM pg_constraint k
       JOIN pg_class child ON child.oid = k.conrelid
       JOIN pg_class parent ON parent.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );

  const byTable = new Map<string, ColumnInfo[]>();
  for (const row of columns) {
    const list = byTable.get(row.table_name) ?? [];
    list.push({ name: row.column_name, type: row.column_type });
    byTable.set(row.table_name, list);
  }

  // Kahn's algorithm; names sorted so the file's order is stable from one backup to the next.
  const parents = new Map<string, Set<string>>([...byTable.keys()].map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) if (byTable.has(parent)) parents.get(child)?.add(parent);
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < byTable.size) {
    const ready = [...byTable.keys()].filter((t) => !done.has(t) && [...(parents.get(t) ?? [])].every((p) => done.has(p))).sort();
    if (ready.length === 0) {
      const left = [...byTable.keys()].filter((t) => !done.has(t)).join(', ');
      throw new Error(`The tables ${left} reference each other in a cycle; this backup tool cannot order them.`);
    }
    for (const name of ready) {
      done.add(name);
      ordered.push({ name, columns: byTable.get(name) ?? [] });
    }
  }
  return ordered;
}

/** A SELECT list that turns every value into text (bytea into base64), the same on both drivers; column i is named ci. */
export function textSelectList(columns: ColumnInfo[]): string {
  return columns
    .map((c, i) => (c.type === 'bytea' ? `translate(encode(${quoteIdent(c.name)}, 'base64'), E'\\n', '') AS c${i}` : `${quoteIdent(c.name)}::text AS c${i}`))
    .join(', ');
}

/** The reverse of textSelectList: element i of a JSON array row becomes column i of its type. */
export function castFromJsonList(columns: ColumnInfo[], rowAlias: string): string {
  return columns.map((c, i) => (c.type === 'bytea' ? `decode(${rowAlias}->>${i}, 'base64')` : `(${rowAlias}->>${i})::${c.type}`)).join(', ');
}
