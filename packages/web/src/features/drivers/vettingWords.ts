import type { VettingStatus } from '@rental/contract/constants';

/** The colour family of a check's state: amber while waiting, green approved, red not approved, grey before any details. */
export type VettingTone = 'none' | 'waiting' | 'good' | 'refused';
export function vettingTone(status: VettingStatus): VettingTone {
  if (status === 'approved') return 'good';
  if (status === 'rejected') return 'refused';
  if (status === 'waiting') return 'waiting';
  return 'none';
}
