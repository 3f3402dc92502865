/**
 * A record with one value for each word of a list (a kind, a place, a field), built key by key and
 * checked whole before it is handed out, where `Object.fromEntries` would lose the keys' type.
 */
export function recordOf<const K extends string, V>(keys: readonly K[], valueOf: (key: K, index: number) => V): Record<K, V> {
  const record: Partial<Record<K, V>> = {};
  keys.forEach((key, index) => {
    record[key] = valueOf(key, index);
  });
  if (!hasEvery(record, keys)) throw new Error('A record is missing one of its keys.');
  return record;
}

/** The same keys, each value made from the old one (and its key). */
export function mapRecord<K extends string, V, W>(record: Readonly<Record<K, V>>, valueOf: (value: V, key: K) => W): Record<K, W> {
  const keys: K[] = [];
  for (const key in record) keys.push(key);
  return recordOf(keys, (key) => valueOf(record[key], key));
}

function hasEvery<K extends string, V>(record: Partial<Record<K, V>>, keys: readonly K[]): record is Record<K, V> {
  return keys.every((key) => Object.hasOwn(record, key));
}
