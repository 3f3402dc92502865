/**
 * Why a change of dates or car moved the total: the quote's lines that differ between the booking as
 * it was and as it would be (more days of a season, an extra charged per day, the weekly rate gained
 * or lost), then GCT. Lines are matched by what they sell (the car's days by their season, an extra
 * by its id, the others by their kind), so "Child seat, 1 × 3 days" and "… × 5 days" are one line.
 */
import type { Quote, QuoteLine } from './quote';

export interface ChangedLine {
  label: string;
  /** null: the line was not there before (after: it is gone). */
  before: number | null;
  after: number | null;
}

function keyOf(line: QuoteLine, carName: string): string {
  if (line.kind === 'days') return `days:${line.label.startsWith(carName) ? line.label.slice(carName.length) : line.label}`;
  if (line.kind === 'extra') return `extra:${line.extraId ?? line.label}`;
  return line.kind;
}

/** The car's name as quote() writes it at the start of a days line. */
const carNameOf = (quote: Quote) => {
  const days = quote.lines.find((line) => line.kind === 'days');
  return days ? (days.label.split(', ')[0] ?? '') : '';
};

export function changedLines(before: Quote | null | undefined, after: Quote): ChangedLine[] {
  if (!before) return [];
  const sum = (quote: Quote) => {
    const name = carNameOf(quote);
    const map = new Map<string, { label: string; amount: number }>();
    for (const line of quote.lines) {
      const key = keyOf(line, name);
      const had = map.get(key);
      map.set(key, { label: had?.label ?? line.label, amount: (had?.amount ?? 0) + line.amount });
    }
    return map;
  };
  const was = sum(before);
  const now = sum(after);
  const rows: ChangedLine[] = [];
  for (const [key, line] of now) {
    const old = was.get(key);
    if (old?.amount !== line.amount) rows.push({ label: line.label, before: old?.amount ?? null, after: line.amount });
  }
  for (const [key, line] of was) if (!now.has(key)) rows.push({ label: line.label, before: line.amount, after: null });
  if (before.gct !== after.gct) rows.push({ label: `GCT (${after.gctPercent}%)`, before: before.gct, after: after.gct });
  return rows;
}
