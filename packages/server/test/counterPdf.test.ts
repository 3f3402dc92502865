/**
 * The counter's papers read as a customer reads them: the text pdftotext takes out of the rental
 * agreement and the receipt holds every fact the counter gave, long ones run onto more pages, names
 * in any script never stop a paper being made, and the same facts give the same bytes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type CompanySettings, DAMAGE_ZONES, DEFAULT_COMPANY, type Quote, type ReturnCharge } from '@rental/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgreementFacts, renderAgreement } from '../src/features/counter/agreementPdf';
import { jamaicaTime, pdfSafe } from '../src/features/counter/pdfLayout';
import { type ReceiptFacts, renderReceipt } from '../src/features/counter/receiptPdf';

const run = promisify(execFile);
const company: CompanySettings = { ...DEFAULT_COMPANY, trn: '123-456-789' };

const quote: Quote = {
  lines: [
    { kind: 'days', label: 'Toyota Yaris', quantity: 3, unitPrice: 6_000, amount: 18_000 },
    { kind: 'days', label: 'Toyota Yaris, Christmas', quantity: 2, unitPrice: 7_500, amount: 15_000 },
    { kind: 'extra', label: 'Child seat', quantity: 1, unitPrice: 2_500, amount: 2_500, extraId: 'seat' },
    { kind: 'driver', label: 'Other driver, 1 × 5 days', quantity: 5, unitPrice: 800, amount: 4_000 },
  ],
  subtotal: 39_500,
  gctPercent: 15,
  gct: 5_925,
  total: 45_425,
  currency: 'JMD',
  securityDeposit: 15_000,
  days: 5,
  extras: [{ id: 'seat', quantity: 1 }],
  additionalDrivers: 1,
  delivery: null,
};

let dir: string;
let signature: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'counter-pdf-'));
  signature = new Uint8Array(await sharp({ create: { width: 300, height: 100, channels: 4, background: '#fff' } }).png().toBuffer());
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The text of a PDF as pdftotext lays it out, and with every run of spaces and lines made one space. */
async function textOf(bytes: Uint8Array, name: string): Promise<{ layout: string; flat: string }> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return { layout: stdout, flat: stdout.replace(/\s+/g, ' ') };
}

function agreementFacts(overrides: Partial<AgreementFacts> = {}): AgreementFacts {
  return {
    company,
    reference: 'WR-7K3M9Q',
    customer: { name: 'Marcia Campbell', email: 'marcia.campbell@example.com', phone: '+1 876 555 0199', licenceNumber: 'JM-4402-1187' },
    drivers: [{ name: 'Delroy Campbell', licenceNumber: 'JM-3310-0042' }],
    car: { brand: 'Toyota', model: 'Yaris', year: 2022, plate: '5678 KJ', category: 'Economy' },
    pickupDate: '2026-11-25',
    returnDate: '2026-11-30',
    checkedOutAt: new Date('2026-11-25T15:42:00Z'),
    dueBackAt: new Date('2026-11-30T18:00:00-05:00'),
    quote,
    price: 45_425,
    deposit: { amount: 15_000, method: 'card', reference: 'AUTH 889231' },
    odometerKm: 48_213,
    fuelEighths: 6,
    damages: [
      { zone: 'front', description: 'Scratch on the bumper, 10 cm', isNew: false },
      { zone: 'left', description: 'Dent in the rear door', isNew: true },
    ],
    items: ['Spare tyre and jack', 'Child seat'],
    signature,
    staffSignature: signature,
    staffName: 'Andre Williams',
    ...overrides,
  };
}

function receiptFacts(overrides: Partial<ReceiptFacts> = {}): ReceiptFacts {
  const charges: ReturnCharge[] = [
    { kind: 'late', label: 'Late return: 1 extra day at 6,600 a day', amount: 6_600 },
    { kind: 'fuel', label: 'Fuel: 2 eighths of a tank missing', amount: 3_000 },
    { kind: 'gct', label: 'GCT 15% on the charges', amount: 1_440 },
  ];
  return {
    company,
    receiptNumber: 'R-2026-000123',
    issuedAt: new Date('2026-12-01T14:05:00Z'),
    reference: 'WR-7K3M9Q',
    customer: { name: 'Marcia Campbell', email: 'marcia.campbell@example.com' },
    car: { brand: 'Toyota', model: 'Yaris', year: 2022, plate: '5678 KJ' },
    pickupDate: '2026-11-25',
    returnDate: '2026-11-30',
    checkedOutAt: new Date('2026-11-25T15:42:00Z'),
    returnedAt: new Date('2026-12-01T14:00:00Z'),
    quote,
    price: 45_425,
    paymentMethod: 'upfront',
    paymentStatus: 'paid',
    charges,
    chargesTotal: 11_040,
    deposit: { amount: 15_000, method: 'card' },
    depositRefunded: 3_960,
    depositKept: 11_040,
    owing: 0,
    toBeAssessed: false,
    odometerOut: 48_213,
    odometerIn: 49_020,
    fuelOut: 6,
    fuelIn: 4,
    ...overrides,
  };
}

describe('pdfSafe', () => {
  it('keeps what Helvetica can write and replaces the rest instead of failing', async () => {
    expect(pdfSafe('Zoë O’Brien–Smith 李')).toBe('Zoë O’Brien–Smith ?');
    expect(pdfSafe('Łukasz Wałęsa\u00a0Nguyễn')).toBe('Lukasz Walesa Nguyen');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // Every character up to the end of the first plane comes out as something the font encodes.
    let all = '';
    for (let cp = 0; cp < 0x10000; cp += 1) if (cp < 0xd800 || cp > 0xdfff) all += String.fromCodePoint(cp);
    all += '😀';
    expect(() => font.encodeText(pdfSafe(all))).not.toThrow();
  });

  it('prints times on the clock in Jamaica', () => {
    expect(jamaicaTime(new Date('2026-11-25T15:42:00Z'))).toBe('25 Nov 2026, 10:42');
    expect(jamaicaTime(new Date('2026-07-01T04:05:00Z'))).toBe('30 Jun 2026, 23:05');
  });
});

describe('rental agreement', () => {
  it('holds every fact of the check-out, and the terms', async () => {
    const { layout, flat } = await textOf(await renderAgreement(agreementFacts()), 'agreement');
    for (const wanted of [
      'Waterford Car Rental',
      company.address,
      company.phone,
      company.email,
      'TRN 123-456-789',
      'Rental agreement',
      'WR-7K3M9Q',
      'Marcia Campbell',
      'JM-4402-1187',
      'marcia.campbell@example.com',
      '+1 876 555 0199',
      'Delroy Campbell',
      'JM-3310-0042',
      'Toyota Yaris (2022)',
      '5678 KJ',
      'Economy',
      'Wed 25 Nov 2026',
      'Mon 30 Nov 2026',
      '30 Nov 2026, 18:00',
      '25 Nov 2026, 10:42',
      'Toyota Yaris (3 × $6,000 JMD)',
      '$18,000 JMD',
      'Toyota Yaris, Christmas (2 × $7,500 JMD)',
      '$15,000 JMD',
      'Child seat',
      '$2,500 JMD',
      'Other driver, 1 × 5 days (5 × $800 JMD)',
      '$4,000 JMD',
      'Subtotal $39,500 JMD',
      'GCT (15%) $5,925 JMD',
      'Total $45,425 JMD',
      'Amount $15,000 JMD',
      'Taken by Card',
      'AUTH 889231',
      '48,213 km',
      '6/8 of a tank',
      'Front: Scratch on the bumper, 10 cm',
      'Left side: Dent in the rear door (new)',
      'Spare tyre and jack',
      'Andre Williams',
      'Page 1 of',
    ]) {
      expect(flat, wanted).toContain(wanted);
    }
    expect(flat).not.toContain('Scratch on the bumper, 10 cm (new)');
    // The terms carry the company's own figures.
    expect(flat).toContain('by 18:00 on the return date');
    expect(flat).toContain('$1,500 JMD');
    expect(flat).toContain('$40 JMD per km');
    expect(flat).toMatch(/police/);
    expect(flat).toMatch(/[Ss]moking/);
    expect(flat).toMatch(/[Oo]ff-road/);
    expect(flat).toMatch(/[Tt]raffic tickets/);
    expect(layout).not.toContain('Signed for the company by');
  });

  it('names the staff member when they did not sign, and prints just the price of a booking without a quote', async () => {
    const { flat } = await textOf(await renderAgreement(agreementFacts({ staffSignature: null, quote: null, price: 30_000, company: { ...company, trn: '' }, drivers: [], car: { brand: 'Honda', model: 'Fit', year: 2019, plate: null, category: 'Economy' } })), 'agreement-plain');
    expect(flat).toContain('Signed for the company by Andre Williams');
    expect(flat).toContain('Total $30,000 JMD');
    expect(flat).not.toContain('Subtotal');
    expect(flat).not.toContain('TRN');
    expect(flat).toContain('No other driver is named');
    expect(flat).toContain('Plate Not recorded');
  });

  it('runs long content onto further pages, losing nothing', async () => {
    const damages = Array.from({ length: 20 }, (_, i) => ({ zone: DAMAGE_ZONES[i % DAMAGE_ZONES.length] ?? 'front', description: `Mark number ${i + 1} of twenty, about ${i + 2} cm long`, isNew: i % 2 === 0 }));
    const drivers = [
      { name: 'Delroy Campbell', licenceNumber: 'JM-3310-0042' },
      { name: 'Zoë O’Brien–Smith 李', licenceNumber: 'GB-ZOE-77' },
      { name: 'Kemar Brown', licenceNumber: 'JM-9981-2200' },
    ];
    const bytes = await renderAgreement(agreementFacts({ damages, drivers }));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const { flat } = await textOf(bytes, 'agreement-long');
    for (const damage of damages) expect(flat).toContain(`${damage.description}${damage.isNew ? ' (new)' : ''}`);
    for (const driver of drivers.filter((d) => d.name !== 'Zoë O’Brien–Smith 李')) expect(flat).toContain(driver.name);
    for (const driver of drivers) expect(flat).toContain(driver.licenceNumber);
    expect(flat).toContain('Zoë O’Brien–Smith');
    expect(flat).toContain('Page 2 of');
    expect(flat).toContain('Andre Williams');
  });

  it('gives the same bytes for the same facts, dated at the check-out', async () => {
    // Two signatures of different sizes, rendered side by side many times: whichever finishes
    // first inside a render must not change its bytes.
    const staffSignature = new Uint8Array(await sharp({ create: { width: 1800, height: 600, channels: 4, background: '#fff' } }).png().toBuffer());
    const renders = await Promise.all(Array.from({ length: 8 }, () => renderAgreement(agreementFacts({ staffSignature }))));
    for (const render of renders) expect(Buffer.from(render).equals(Buffer.from(renders[0] ?? []))).toBe(true);
    const [first, second] = [await renderAgreement(agreementFacts()), await renderAgreement(agreementFacts())];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-11-25T15:42:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-11-25T15:42:00.000Z');
    expect(doc.getProducer()).toBe('Waterford Car Rental');
    expect(doc.getCreator()).toBe('Waterford Car Rental');
    const other = await renderAgreement(agreementFacts({ odometerKm: 48_214 }));
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });
});

describe('receipt', () => {
  it('holds what was paid, the charges and the deposit', async () => {
    const { flat } = await textOf(await renderReceipt(receiptFacts()), 'receipt');
    for (const wanted of [
      'Waterford Car Rental',
      'TRN 123-456-789',
      'Receipt R-2026-000123',
      '1 Dec 2026, 09:05',
      'WR-7K3M9Q',
      'Marcia Campbell',
      'marcia.campbell@example.com',
      'Toyota Yaris (2022)',
      '5678 KJ',
      'Wed 25 Nov 2026',
      'Mon 30 Nov 2026',
      '25 Nov 2026, 10:42',
      '1 Dec 2026, 09:00',
      'Toyota Yaris (3 × $6,000 JMD) $18,000 JMD',
      'Child seat $2,500 JMD',
      'GCT (15%) $5,925 JMD',
      'Total $45,425 JMD',
      'Pay upfront',
      'Paid',
      'Late return: 1 extra day at 6,600 a day $6,600 JMD',
      'Fuel: 2 eighths of a tank missing $3,000 JMD',
      'GCT 15% on the charges $1,440 JMD',
      'Total of the charges $11,040 JMD',
      'Taken at pickup (Card) $15,000 JMD',
      'Kept $11,040 JMD',
      'Refunded $3,960 JMD',
      '48,213 km out, 49,020 km in (807 km driven)',
      '6/8 of a tank out, 4/8 of a tank in',
    ]) {
      expect(flat, wanted).toContain(wanted);
    }
    expect(flat).not.toContain('Still to pay');
    expect(flat).not.toContain('held until the damage is assessed');
  });

  it('says what is still to pay, and that the deposit is held while damage is assessed', async () => {
    const facts = receiptFacts({
      charges: [{ kind: 'cleaning', label: 'Cleaning', amount: 20_000 }, { kind: 'gct', label: 'GCT 15% on the charges', amount: 3_000 }],
      chargesTotal: 23_000,
      depositKept: 15_000,
      depositRefunded: 0,
      owing: 8_000,
      toBeAssessed: true,
      paymentMethod: 'cash_deposit',
      paymentStatus: 'deposit_received',
      fuelIn: 8,
      fuelOut: 8,
    });
    const { flat } = await textOf(await renderReceipt(facts), 'receipt-owing');
    expect(flat).toContain('Still to pay $8,000 JMD');
    expect(flat).toContain('The deposit is held until the damage is assessed');
    expect(flat).toContain('Cash deposit');
    expect(flat).toContain('Deposit received');
    expect(flat).toContain('Cleaning $20,000 JMD');
    expect(flat).toContain('Full out, Full in');
  });

  it('gives the same bytes for the same facts, dated when issued', async () => {
    const [first, second] = [await renderReceipt(receiptFacts()), await renderReceipt(receiptFacts())];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-12-01T14:05:00.000Z');
    expect(doc.getProducer()).toBe('Waterford Car Rental');
  });
});
