/**
 * Which bookings hold their car's days: all but cancelled ones and no-shows (the same rule as the
 * overlap constraint and the days-taken triggers, migrations/0018_counter.sql).
 */
import { STATUSES_FREEING_DAYS } from '@rental/contract';
import { notInArray } from 'drizzle-orm';
import { bookings } from './schema';

export const holdsItsDays = () => notInArray(bookings.status, [...STATUSES_FREEING_DAYS]);
