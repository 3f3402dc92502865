/** A car's damages in staff's words, as Manage Cars lists them. */
import { DAMAGE_ZONE_WORDS } from '@rental/contract/counter';
import type { CarDamage } from '@rental/contract/schemas';
import { formatInstant } from '../../../lib/dates';

/** "Repaired 5 Nov 2026 by Marlene Reid, for $5,000 JMD" */
export function repairWords(damage: Pick<CarDamage, 'repairedAt' | 'repairedBy' | 'repairCost'>, money: (amount: number) => string): string {
  if (!damage.repairedAt) return 'Not repaired yet';
  const by = damage.repairedBy ? ` by ${damage.repairedBy}` : '';
  const cost = damage.repairCost === null ? '' : `, for ${money(damage.repairCost)}`;
  return `Repaired ${formatInstant(damage.repairedAt)}${by}${cost}`;
}

/** "at check-out" or "at check-in": the check that found a damage. */
export function checkWords(stage: CarDamage['foundStage']): string {
  if (stage === 'check_out') return 'at check-out';
  if (stage === 'check_in') return 'at check-in';
  return '';
}

/** "Left side: Scratch on the rear door" */
export function damageTitle(damage: Pick<CarDamage, 'zone' | 'description'>): string {
  return `${DAMAGE_ZONE_WORDS[damage.zone]}: ${damage.description}`;
}

/** "Found 3 Nov 2026 at booking BK-1234", or without a booking when staff noted it otherwise. */
export function foundWords(damage: Pick<CarDamage, 'foundAt' | 'foundAtReference'>): string {
  const when = `Found ${formatInstant(damage.foundAt)}`;
  return damage.foundAtReference ? `${when} at booking ${damage.foundAtReference}` : when;
}

export function amountWords(amount: number | null, money: (amount: number) => string): string {
  return amount === null ? 'No amount charged' : `Charged ${money(amount)}`;
}

/** Open damages first (the ones the counter still shows), each group in the order the server gave. */
export function openFirst(damages: CarDamage[]): CarDamage[] {
  return [...damages.filter((damage) => !damage.repairedAt), ...damages.filter((damage) => damage.repairedAt)];
}

export function repairQuestion(damage: Pick<CarDamage, 'zone' | 'description'>): string {
  return `Mark this damage repaired? ${damageTitle(damage)}. It will no longer show at check-out.`;
}
