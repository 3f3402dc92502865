/** Quoting of table and column names for the SQL that backup and restore write. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
