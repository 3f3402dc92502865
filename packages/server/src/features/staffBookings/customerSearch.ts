/**
 * Finding the customer a walk-in or phone booking is for: part of a name, an e-mail address or a
 * phone number (by its digits, however it was written). Only customers: staff accounts and erased
 * ones never show, and a match says no more than staff need to pick the right person.
 */
import { CUSTOMER_SEARCH_LIMIT, CUSTOMER_SEARCH_MIN, type CustomerMatch, type VettingStatus } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The digits of a search, when it looks like part of a phone number ("876 555" → "876555"); else ''. */
export function phoneDigits(search: string): string {
  if (!/^[+\d\s().-]+$/.test(search)) return '';
  const digits = search.replace(/\D/g, '');
  return digits.length >= CUSTOMER_SEARCH_MIN ? digits : '';
}

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string;
  vetting: VettingStatus;
  do_not_rent: boolean;
  bookings: number | string;
}

export async function searchCustomers(db: Database, search: string): Promise<CustomerMatch[]> {
  const words = search.trim().toLowerCase();
  if (words.length < CUSTOMER_SEARCH_MIN) return [];
  const like = `%${escapeLike(words)}%`;
  const digits = phoneDigits(words);
  const byPhone = digits ? sql`OR regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') LIKE ${`%${digits}%`}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT u.id, u.name, coalesce(u.email, '') AS email, coalesce(u.phone, '') AS phone, u.vetting_status AS vetting,
          u.do_not_rent_reason IS NOT NULL AS do_not_rent,
          (SELECT count(*) FROM bookings b WHERE b.user_id = u.id) AS bookings
        FROM users u
        WHERE u.role = 'user' AND u.erased_at IS NULL
          AND (lower(u.name) LIKE ${like} OR lower(coalesce(u.email, '')) LIKE ${like} ${byPhone})
        ORDER BY bookings DESC, u.name, u.id
        LIMIT ${CUSTOMER_SEARCH_LIMIT}`,
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    vetting: row.vetting,
    doNotRent: row.do_not_rent,
    bookings: Number(row.bookings),
  }));
}
