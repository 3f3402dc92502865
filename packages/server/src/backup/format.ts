/**
 * The backup file: JSON lines, gzip-compressed when the name ends in .gz.
 *   {"format":..., "version":1, "createdAt", "source", "migrations":[...]}    header
 *   {"table":"images","columns":[{"name","type"}...]}                           then its rows:
 *   {"row":[...]}                                                                every value as text (bytea base64) or null
 *   {"end":true,"rows":{"images":3,...},"sha256":"..."}                          sha256 of every line above
 * The last line makes a truncated or altered file detectable before anything is committed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { ColumnInfo } from './tables';

export const BACKUP_FORMAT = 'waterford-car-rental-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  /** The migrations the data was written under; restore brings the target to exactly these first. */
  migrations: string[];
}
export interface TableLine {
  table: string;
  columns: ColumnInfo[];
}
export interface RowLine {
  row: (string | null)[];
}
export interface EndLine {
  end: true;
  rows: Record<string, number>;
  sha256: string;
}
export type BodyLine = TableLine | RowLine | EndLine;

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Backups hold every customer's data: readable and writable by their owner only, whatever the umask. */
export const BACKUP_FILE_MODE = 0o600;

/** Writes lines to `path` through a temporary file, so a failed backup never leaves a file that looks whole. */
export async function openLineWriter(path: string) {
  const partial = `${path}.partial`;
  // Created 0600 (the umask can only take bits away), set to exactly 0600 before it takes its name.
  const file = createWriteStream(partial, { flags: 'wx', mode: BACKUP_FILE_MODE });
  let out: Writable = file;
  if (path.endsWith('.gz')) {
    const gzip = createGzip();
    gzip.pipe(file);
    out = gzip;
  }
  const hash = createHash('sha256');
  const write = async (text: string) => {
    if (!out.write(text))
      await new Promise<void>((resolve, reject) => {
        out.once('drain', resolve);
        out.once('error', reject);
      });
  };
  return {
    /** A line covered by the checksum. */
    async line(value: unknown) {
      const text = `${JSON.stringify(value)}\n`;
      hash.update(text);
      await write(text);
    },
    digest: () => hash.digest('hex'),
    /** Writes the last (unhashed) line, flushes to disk, then puts the file in place. */
    async finish(last: unknown) {
      await write(`${JSON.stringify(last)}\n`);
      out.end();
      await finished(file);
      const handle = await open(partial, 'r+');
      try {
        await handle.chmod(BACKUP_FILE_MODE);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, path);
    },
    async abort() {
      out.destroy();
      file.destroy();
      await rm(partial, { force: true });
    },
  };
}

async function startsWithGzipMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function parseLine(text: string, lineNumber: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupFileError(`Line ${lineNumber} of the backup is not valid JSON: the file is damaged.`);
  }
}

function checkHeader(value: unknown): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || h.format !== BACKUP_FORMAT) throw new BackupFileError('This file is not a backup made by `npm run backup`.');
  if (h.version !== BACKUP_VERSION)
    throw new BackupFileError(`This backup has format version ${h.version}; this version of the server reads version ${BACKUP_VERSION}.`);
  if (!Array.isArray(h.migrations) || !h.migrations.every((m) => typeof m === 'string'))
    throw new BackupFileError('The backup header has no list of migrations.');
  return h as BackupHeader;
}

/** Reads a backup line by line; the checksum is verified when the end line is reached. */
export async function* readBackup(path: string): AsyncGenerator<{ header: BackupHeader } | BodyLine> {
  const source = createReadStream(path);
  let input: Readable = source;
  if (await startsWithGzipMagic(path)) {
    input = source.pipe(createGunzip());
    source.on('error', (err) => input.destroy(err));
  }
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const hash = createHash('sha256');
  let lineNumber = 0;
  let ended = false;
  try {
    for await (const text of lines) {
      lineNumber += 1;
      if (ended) throw new BackupFileError('The backup has data after its last line: the file is damaged.');
      const value = parseLine(text, lineNumber);
      if (lineNumber === 1) {
        hash.update(`${text}\n`);
        yield { header: checkHeader(value) };
        continue;
      }
      if (value && typeof value === 'object' && (value as EndLine).end === true) {
        const end = value as EndLine;
        if (end.sha256 !== hash.digest('hex')) throw new BackupFileError('The backup does not match its checksum: the file is damaged.');
        ended = true;
        yield end;
        continue;
      }
      hash.update(`${text}\n`);
      yield value as BodyLine;
    }
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(`The backup cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    lines.close();
    input.destroy();
    source.destroy();
  }
  if (lineNumber === 0) throw new BackupFileError('The backup file is empty.');
  if (!ended) throw new BackupFileError('The backup file is incomplete (it stops before its last line): nothing was restored.');
}

/** Only the first line: which migrations the target must have before the rows go in. */
export async function readBackupHeader(path: string): Promise<BackupHeader> {
  for await (const item of readBackup(path)) {
    if ('header' in item) return item.header;
  }
  throw new BackupFileError('The backup file is empty.');
}
