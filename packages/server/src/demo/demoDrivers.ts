/**
 * The demo customers as drivers: the first approved, the second waiting for staff with a photo of
 * their licence, so the driver checks page and the account page show a living company.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import sharp from 'sharp';
import { documents, driverDetails, users } from '../db/schema';
import type { Database } from '../db/types';
import { cleanDocument } from '../features/drivers/documents';
import { eq } from 'drizzle-orm';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The approved demo driver's licence, as the counter reads it off the card. */
export const DEMO_LICENCE = 'JM 204 771 958';

/** A licence card drawn as a picture: the demo's stand-in for a phone's photo of one. */
async function licencePhoto(name: string, number: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" rx="28" fill="#e8f1e4"/><rect width="856" height="96" rx="28" fill="#0f6b3a"/>
    <text x="40" y="64" font-family="sans-serif" font-size="40" fill="#fff">JAMAICA DRIVER'S LICENCE</text>
    <rect x="40" y="140" width="220" height="280" fill="#b9c7b3"/>
    <text x="300" y="200" font-family="sans-serif" font-size="34" fill="#111">${name}</text>
    <text x="300" y="260" font-family="sans-serif" font-size="28" fill="#333">No. ${number}</text>
    <text x="300" y="320" font-family="sans-serif" font-size="24" fill="#333">Class B · Demo only</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function seedDemoDrivers(tx: Tx, customers: { id: string; name: string }[]): Promise<void> {
  const today = companyToday();
  const [approved, waiting] = customers;
  if (approved) {
    await tx.insert(driverDetails).values({
      userId: approved.id,
      licenceNumber: DEMO_LICENCE,
      licenceCountry: 'Jamaica',
      licenceIssued: addDays(today, -9 * 365),
      licenceExpires: addDays(today, 3 * 365),
      dateOfBirth: addDays(today, -34 * 365),
    });
    await tx.update(users).set({ vettingStatus: 'approved', vettedAt: new Date() }).where(eq(users.id, approved.id));
  }
  if (waiting) {
    await tx.insert(driverDetails).values({
      userId: waiting.id,
      licenceNumber: 'JM 118 402 663',
      licenceCountry: 'Jamaica',
      licenceIssued: addDays(today, -4 * 365),
      licenceExpires: addDays(today, 2 * 365),
      dateOfBirth: addDays(today, -27 * 365),
    });
    await tx.update(users).set({ vettingStatus: 'waiting' }).where(eq(users.id, waiting.id));
    const file = await cleanDocument(await licencePhoto(waiting.name, '118 402 663'), waiting.id);
    await tx.insert(documents).values({ userId: waiting.id, kind: 'licence_front', content: file.content, mimeType: file.mimeType, size: file.content.length });
  }
}
