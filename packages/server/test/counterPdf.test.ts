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
import { type CompanySettings, DAMAGE_ZONES, DEFAULT_COMPANY, DEPOSIT_KEPT_REFERENCE, type Folio, folioTotals } from '@rental/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgreementFacts, renderAgreement } from '../src/features/counter/agreementPdf';
import { jamaicaTime, pdfSafe } from '../src/features/counter/pdfLayout';
import { type ReceiptFacts, renderReceipt } from '../src/features/counter/receiptPdf';

const run = promisify(execFile);
const company: CompanySettings = { ...DEFAULT_COMPANY, trn: '123-456-789' };

type Line = Folio['lines'][number];
type Payment = Folio['payments'][number];
const line = (kind: Line['kind'], label: string, amount: number, gct: number): Line => ({
  id: `${kind}-${label}`,
  kind,
  label,
  amount,
  gct,
  createdAt: '2026-11-20T15:00:00.000Z',
  by: null,
  voidsLineId: null,
  reason: null,
  voided: false,
});
const payment = (
  method: Payment['method'],
  amount: number,
  reference = '',
  createdAt = '2026-11-25T15:40:00.000Z',
  kind: Payment['kind'] = 'payment',
): Payment => ({
  id: `${method}-${amount}-${reference}`,
  kind,
  method,
  amount,
  reference,
  note: '',
  createdAt,
  by: 'Andre Williams',
});
/** A folio as the papers read it: the booking's lines (the quote's, GCT beside each) and its payments. */
function folioOf(lines: Line[], payments: Payment[]) {
  return { lines, payments, totals: folioTotals({ lines, payments }), currency: 'JMD' };
}
/** The booking's own lines: 39,500 before GCT, 5,925 GCT, 45,425 in all. */
const bookingLines = [
  line('rental', 'Toyota Yaris', 18_000, 2_700),
  line('rental', 'Toyota Yaris, Christmas', 15_000, 2_250),
  line('extra', 'Child seat', 2_500, 375),
  line('other_drivers', 'Other driver, 1 × 5 days', 4_000, 600),
];
const returnLines = [line('late', 'Late return: 1 extra day at 6,600 a day', 6_600, 990), line('fuel', 'Fuel: 2 eighths of a tank missing', 3_000, 450)];

let dir: string;
let signature: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'counter-pdf-'));
  signature = new Uint8Array(
    await sharp({ create: { width: 300, height: 100, channels: 4, background: '#fff' } })
      .png()
      .toBuffer(),
  );
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

function driver(name: string, number: string, country = 'Jamaica'): AgreementFacts['drivers'][number] {
  return { name, dateOfBirth: '1985-12-02', licence: { number, country, expires: '2028-02-29' } };
}

function agreementFacts(overrides: Partial<AgreementFacts> = {}): AgreementFacts {
  return {
    company,
    contactsSaved: true,
    reference: 'WR-7K3M9Q',
    customer: {
      name: 'Marcia Campbell',
      email: 'marcia.campbell@example.com',
      phone: '+1 876 555 0199',
      address: '7 Hibiscus Avenue, Edgewater, Portmore',
      dateOfBirth: '1988-03-14',
      licence: { number: 'JM-4402-1187', country: 'Jamaica', expires: '2029-08-31' },
    },
    drivers: [driver('Delroy Campbell', 'JM-3310-0042')],
    car: { brand: 'Toyota', model: 'Yaris', year: 2022, plate: '5678 KJ', category: 'Economy', location: 'Waterford, Portmore', distancePerDay: 200 },
    pickupDate: '2026-11-25',
    returnDate: '2026-11-30',
    checkedOutAt: new Date('2026-11-25T15:42:00Z'),
    dueBackAt: new Date('2026-11-30T18:00:00-05:00'),
    folio: folioOf(bookingLines, [payment('bank_deposit', 45_425, 'NCB 2231')]),
    payAtReturn: null,
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
    folio: folioOf(
      [...bookingLines, ...returnLines],
      [payment('card', 45_425, 'AUTH 771020'), payment('card', 11_040, DEPOSIT_KEPT_REFERENCE, '2026-12-01T14:05:00.000Z')],
    ),
    deposit: { amount: 15_000, method: 'card' },
    depositRefunded: 3_960,
    depositKept: 11_040,
    depositHeld: 0,
    toBeAssessed: false,
    odometerOut: 48_213,
    odometerIn: 49_020,
    fuelOut: 6,
    fuelIn: 4,
    damages: [],
    itemsMissing: [],
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
      'Address 7 Hibiscus Avenue, Edgewater, Portmore',
      'Date of birth 14 Mar 1988',
      'Licence JM-4402-1187, issued in Jamaica, expires 31 Aug 2029',
      'marcia.campbell@example.com',
      '+1 876 555 0199',
      'Delroy Campbell Born 2 Dec 1985. Licence JM-3310-0042, issued in Jamaica, expires 29 Feb 2028',
      'Pickup place Waterford, Portmore',
      'Return place Waterford, Portmore',
      'Pickup Wed 25 Nov 2026, keys handed over 25 Nov 2026, 10:42',
      'Return Mon 30 Nov 2026, due back by 30 Nov 2026, 18:00',
      'Damage waiver Declined',
      'Excess the renter owes $150,000 JMD',
      'To be returned with as much fuel as at pickup (6/8 of a tank); each eighth of a tank missing is charged $1,500 JMD',
      '200 km a day, 1,000 km for the 5 days; each km over it is charged $40 JMD',
      'Toyota Yaris (2022)',
      '5678 KJ',
      'Economy',
      'Wed 25 Nov 2026',
      'Mon 30 Nov 2026',
      '30 Nov 2026, 18:00',
      '25 Nov 2026, 10:42',
      'Toyota Yaris $18,000 JMD',
      'Toyota Yaris, Christmas $15,000 JMD',
      'Child seat $2,500 JMD',
      'Other driver, 1 × 5 days $4,000 JMD',
      'GCT $5,925 JMD',
      'Total charged $45,425 JMD',
      'Payment by bank deposit (NCB 2231), 25 Nov 2026, 10:40 $45,425 JMD',
      'Total paid $45,425 JMD',
      'Nothing more to pay $0 JMD',
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

  it('names the staff member when they did not sign, and says what is to pay at return and why', async () => {
    const { flat } = await textOf(
      await renderAgreement(
        agreementFacts({
          staffSignature: null,
          folio: folioOf([line('rental', 'Rental', 30_000, 0)], []),
          payAtReturn: 'Corporate account, invoiced monthly',
          company: { ...company, trn: '' },
          drivers: [],
          car: { brand: 'Honda', model: 'Fit', year: 2019, plate: null, category: 'Economy', location: 'Waterford, Portmore', distancePerDay: 500 },
        }),
      ),
      'agreement-plain',
    );
    expect(flat).toContain('Signed for the company by Andre Williams');
    expect(flat).toContain('Total charged $30,000 JMD');
    expect(flat).toContain('Nothing paid yet.');
    expect(flat).toContain('To pay at return $30,000 JMD');
    expect(flat).toContain('Corporate account, invoiced monthly');
    expect(flat).not.toContain('GCT $');
    expect(flat).not.toContain('TRN');
    expect(flat).toContain('No other driver is named');
    expect(flat).toContain('Plate Not recorded');
  });

  it('says the damage waiver was bought and the excess then owed', async () => {
    const waiver = line('extra', 'Collision damage waiver, 1 × 5 days', 12_500, 1_875);
    const { flat } = await textOf(
      await renderAgreement(agreementFacts({ company: { ...company, waiverExcess: 40_000 }, folio: folioOf([...bookingLines, waiver], []) })),
      'agreement-waiver',
    );
    expect(flat).toContain('Damage waiver Bought (Collision damage waiver, 1 × 5 days)');
    expect(flat).toContain('Excess the renter owes $40,000 JMD: the most the renter pays');
    expect(flat).not.toContain('Declined');
    // A waiver voided from the folio is no longer bought.
    const voided = { ...waiver, voided: true };
    const { flat: without } = await textOf(await renderAgreement(agreementFacts({ folio: folioOf([...bookingLines, voided], []) })), 'agreement-waiver-voided');
    expect(without).toContain('Damage waiver Declined');
  });

  it('never prints the shipped placeholder phone or e-mail, nor a TRN not given', async () => {
    const bytes = await renderAgreement(agreementFacts({ contactsSaved: false, company: { ...DEFAULT_COMPANY } }));
    const { flat } = await textOf(bytes, 'agreement-setting-up');
    expect(flat).toContain(DEFAULT_COMPANY.address);
    expect(flat).not.toContain(DEFAULT_COMPANY.phone);
    expect(flat).not.toContain(DEFAULT_COMPANY.email);
    expect(flat).not.toContain('555-0142');
    expect(flat).not.toContain('wa.me');
    expect(flat).not.toContain('TRN');
    expect(flat).toContain('to the nearest police station and to the company.');
  });

  it('runs long content onto further pages, losing nothing', async () => {
    const damages = Array.from({ length: 20 }, (_, i) => ({
      zone: DAMAGE_ZONES[i % DAMAGE_ZONES.length] ?? 'front',
      description: `Mark number ${i + 1} of twenty, about ${i + 2} cm long`,
      isNew: i % 2 === 0,
    }));
    const drivers = [
      driver('Delroy Campbell', 'JM-3310-0042'),
      driver('Zoë O’Brien–Smith 李', 'GB-ZOE-77', 'United Kingdom'),
      driver('Kemar Brown', 'JM-9981-2200'),
    ];
    const bytes = await renderAgreement(agreementFacts({ damages, drivers }));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const { flat } = await textOf(bytes, 'agreement-long');
    for (const damage of damages) expect(flat).toContain(`${damage.description}${damage.isNew ? ' (new)' : ''}`);
    for (const named of drivers.filter((d) => d.name !== 'Zoë O’Brien–Smith 李')) expect(flat).toContain(named.name);
    for (const named of drivers) expect(flat).toContain(named.licence.number);
    expect(flat).toContain('Zoë O’Brien–Smith');
    expect(flat).toContain('Page 2 of');
    expect(flat).toContain('Andre Williams');
  });

  it('draws both signatures on the last page as drawn, each no larger than its box needs', async () => {
    // A dark stroke on a transparent pad, as the signature pad sends it; the company's from a tablet (1800 x 600).
    const pad = (width: number, height: number) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M20 ${height - 20} C ${width / 4} 10, ${width / 2} ${height - 10}, ${width - 20} 20" stroke="#0a1a33" stroke-width="${height / 25}" fill="none"/></svg>`,
        ),
      )
        .png()
        .toBuffer();
    const bytes = await renderAgreement(
      agreementFacts({ signature: new Uint8Array(await pad(600, 200)), staffSignature: new Uint8Array(await pad(1800, 600)) }),
    );
    const file = join(dir, 'agreement-signed.pdf');
    await writeFile(file, bytes);
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    const { stdout } = await run('pdfimages', ['-list', file]);
    const images = stdout
      .split('\n')
      .slice(2)
      .filter((row) => row.trim())
      .map((row) => row.trim().split(/\s+/));
    // page, number, type, width, height: both on the signatures' page, at most 400 x 140 pixels.
    expect(images.map((row) => [Number(row[0]), row[2], Number(row[3]), Number(row[4])])).toEqual([
      [pages, 'image', 400, 133],
      [pages, 'image', 400, 133],
    ]);
    // The stroke is on the paper, dark on white: the pad's transparency became the paper's white.
    await run('pdfimages', ['-png', file, join(dir, 'signature')]);
    for (const which of ['000', '001']) {
      const { channels } = await sharp(join(dir, `signature-${which}.png`)).stats();
      expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(60);
      expect(Math.max(...channels.map((c) => c.max))).toBe(255);
    }
  });

  it('gives the same bytes for the same facts, dated at the check-out', async () => {
    // Two signatures of different sizes, rendered side by side many times: whichever finishes
    // first inside a render must not change its bytes.
    const staffSignature = new Uint8Array(
      await sharp({ create: { width: 1800, height: 600, channels: 4, background: '#fff' } })
        .png()
        .toBuffer(),
    );
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
      'Toyota Yaris $18,000 JMD',
      'Child seat $2,500 JMD',
      'Late return: 1 extra day at 6,600 a day $6,600 JMD',
      'Fuel: 2 eighths of a tank missing $3,000 JMD',
      'GCT $7,365 JMD',
      'Total charged $56,465 JMD',
      'Payment by card (AUTH 771020), 25 Nov 2026, 10:40 $45,425 JMD',
      'Kept from the security deposit, 1 Dec 2026, 09:05 $11,040 JMD',
      'Total paid $56,465 JMD',
      'Payment Paid',
      'Taken at pickup (Card) $15,000 JMD',
      'Kept towards the booking $11,040 JMD',
      'Given back $3,960 JMD',
      'Nothing more to pay $0 JMD',
      '48,213 km out, 49,020 km in (807 km driven)',
      '6/8 of a tank out, 4/8 of a tank in',
    ]) {
      expect(flat, wanted).toContain(wanted);
    }
    expect(flat).not.toContain('Still to pay');
    expect(flat).not.toContain('held until the damage is assessed');
    // Every item came back and nothing was found: neither list is printed.
    expect(flat).not.toContain('Not returned');
    expect(flat).not.toContain('Damage found');
  });

  it('says what is still to pay: the rental left unpaid and the charges, less the security deposit kept', async () => {
    // Nothing paid before the keys went out (pay at return); 45,425 + 11,040 owed, 15,000 kept.
    const facts = receiptFacts({
      folio: folioOf([...bookingLines, ...returnLines], [payment('cash', 15_000, DEPOSIT_KEPT_REFERENCE)]),
      deposit: { amount: 15_000, method: 'cash' },
      depositKept: 15_000,
      depositRefunded: 0,
    });
    const { flat } = await textOf(await renderReceipt(facts), 'receipt-owing');
    expect(flat).toContain('Kept from the security deposit');
    expect(flat).toContain('Payment Part paid');
    expect(flat).toContain('Given back $0 JMD');
    expect(flat).toContain('Still to pay $41,465 JMD');
  });

  it('says the security deposit is held while a damage is assessed', async () => {
    const facts = receiptFacts({
      folio: folioOf([...bookingLines, line('cleaning', 'Cleaning', 20_000, 3_000)], [payment('bank_deposit', 45_425)]),
      depositKept: 0,
      depositRefunded: 0,
      depositHeld: 15_000,
      toBeAssessed: true,
      fuelIn: 8,
      fuelOut: 8,
      damages: [{ zone: 'right', description: 'Cracked wing mirror', amount: null }],
      itemsMissing: ['Child seat'],
    });
    const { flat } = await textOf(await renderReceipt(facts), 'receipt-held');
    expect(flat).toContain('Held until the damage is assessed $15,000 JMD');
    expect(flat).toContain('The security deposit is held until the damage is assessed');
    expect(flat).toContain('Payment by bank deposit');
    expect(flat).toContain('Cleaning $20,000 JMD');
    expect(flat).toContain('Still to pay $23,000 JMD');
    expect(flat).toContain('Full out, Full in');
    expect(flat).toContain('Damage found Right side: Cracked wing mirror (to be assessed)');
    expect(flat).toContain('Not returned Child seat');
  });

  it('gives the same bytes for the same facts, dated when issued', async () => {
    const [first, second] = [await renderReceipt(receiptFacts()), await renderReceipt(receiptFacts())];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-12-01T14:05:00.000Z');
    expect(doc.getProducer()).toBe('Waterford Car Rental');
  });
});
