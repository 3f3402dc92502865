/**
 * A row the code relies on was not there (found by a key read or written just before, or kept by
 * a foreign key): a broken rule in the data or the code, never a customer's mistake.
 */
export class MissingRowError extends Error {
  constructor(what: string) {
    super(`${what} was not found, though it must exist.`);
    this.name = 'MissingRowError';
  }
}

/** The one row a query must answer; `what` names it for the log should it be missing. */
export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new MissingRowError(what);
  return row;
}

/** The row at `index` of rows made or read in step with another list (a plan, a request's items). */
export function rowAt<T>(rows: readonly T[], index: number, what: string): T {
  const row = rows[index];
  if (row === undefined) throw new MissingRowError(`${what} (number ${index + 1})`);
  return row;
}
