import type { Database } from '../db/types';

/** Placeholder: fills an empty database with the demo fleet (the web-app work writes it). */
export async function seedDemo(_db: Database, _log: { info: (msg: string) => void }): Promise<void> {}
