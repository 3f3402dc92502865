/**
 * The first start's checklist (contract setupChecklist.ts): which items the owner has done. Read
 * with the dashboard; each item is a cheap look (one row, or an EXISTS).
 */
import { contactsAreShipped, type SetupStatus } from '@rental/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/types';
import { companySettingUp, getCompanySettings } from '../company';

export async function setupStatus(app: Pick<FastifyInstance, 'db' | 'config' | 'mailSender'>): Promise<SetupStatus> {
  const company = await getCompanySettings(app.db);
  const [row] = await queryRows<{ bank: boolean; car: boolean; staff: number | string }>(
    app.db,
    sql`SELECT EXISTS (SELECT 1 FROM bank_details) AS bank,
               EXISTS (SELECT 1 FROM cars WHERE deleted_at IS NULL) AS car,
               (SELECT count(*) FROM users WHERE role = 'owner') AS staff`,
  );
  return {
    companyFacts: !contactsAreShipped(company, !companySettingUp(company)),
    bankDetails: Boolean(row?.bank),
    car: Boolean(row?.car),
    mail: app.mailSender !== undefined,
    cardPayments: app.config.paymentProvider !== 'none',
    secondStaff: Number(row?.staff ?? 0) >= 2,
  };
}
