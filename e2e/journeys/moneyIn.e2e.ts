/**
 * Money in without typing, at 1280 px: a manager uploads the bank's OFX statement for the company's
 * account; the two deposits whose descriptions carry a booking reference (one as the customer wrote
 * it, in lower case with a space) are certain matches and are accepted in one tap; a cash lodgement
 * with no reference is assigned to its booking by hand; the bank's fee is money out, ignored. The
 * three bookings then read paid. The manager closes their own day at the cash-up (the deposits under
 * bank deposit, no cash in the drawer), and reads this month's GCT as the server sums it. Screens in /tmp/money-in-shots/.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient, typedApi } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { staffMember } from '../support/invitations';
import { fitsTheScreen, screenshots } from '../support/shots';
import { formatMoney, see } from '../support/ui';

const shot = screenshots('/tmp/money-in-shots');

/** An OFX 1.x statement as Jamaican online banking exports it: SGML, no closing tags on the values. */
function ofxStatement(account: string, lines: { fitId: string; date: string; amount: number; name: string; memo?: string }[]): string {
  const day = (iso: string) => iso.replaceAll('-', '');
  const transactions = lines
    .map(
      (line) =>
        `<STMTTRN>\n<TRNTYPE>${line.amount > 0 ? 'CREDIT' : 'DEBIT'}\n<DTPOSTED>${day(line.date)}120000\n<TRNAMT>${line.amount.toFixed(2)}\n<FITID>${line.fitId}\n<NAME>${line.name}\n${line.memo ? `<MEMO>${line.memo}\n` : ''}</STMTTRN>`,
    )
    .join('\n');
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261128120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    '<STMTRS><CURDEF>JMD',
    `<BANKACCTFROM><BANKID>NCBJJMKN<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${day(lines[0]!.date)}<DTEND>${day(lines[0]!.date)}`,
    transactions,
    '</BANKTRANLIST>',
    '<LEDGERBAL><BALAMT>250000.00<DTASOF>20261128120000</LEDGERBAL>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\n');
}

describe('money in from the bank statement', () => {
  test('a manager uploads the statement, accepts the certain matches, assigns one by hand and closes the day', async ({ openPage, seed }) => {
    const api = apiClient(seed.baseUrl);
    const today = companyToday();
    const email = `devon.bank.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const customer = await api.register('Devon Bailey', email, 'Devon-pass-42', '876 555 0192');
    // Three bookings paid by bank deposit, on days no other journey books.
    const booked = [];
    for (const [car, from] of [
      [seed.cars.hilux._id, 150],
      [seed.cars.noah._id, 160],
      [seed.cars.swift._id, 170],
    ] as const) {
      booked.push(
        await api.createBooking(customer, { car, pickupDate: addDays(today, from), returnDate: addDays(today, from + 2), paymentMethod: 'cash_deposit' }),
      );
    }
    const [byReference, asWritten, byHand] = booked as [(typeof booked)[0], (typeof booked)[0], (typeof booked)[0]];
    const run = `${seed.runId}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const statement = ofxStatement(seed.bankDetails.accountNumber.replace(/\D/g, ''), [
      { fitId: `${run}-1`, date: today, amount: byReference.price, name: 'DEPOSIT', memo: `BOOKING ${byReference.reference} D BAILEY` },
      {
        fitId: `${run}-2`,
        date: today,
        amount: asWritten.price,
        name: 'ONLINE TRANSFER',
        memo: `car rental ${asWritten.reference.toLowerCase().replace('-', ' ')}`,
      },
      { fitId: `${run}-3`, date: today, amount: byHand.price, name: 'CASH LODGEMENT PORTMORE' },
      { fitId: `${run}-4`, date: today, amount: -450, name: 'SERVICE CHARGE' },
    ]);

    const manager = await staffMember(seed.baseUrl, seed.owner.token, seed.runId, 'manager', 'Andrea Banks');
    const page = await openPage({ token: manager.token, viewport: DESKTOP });
    await page.goto('/owner/statements');
    const upload = await see(page.getByRole('form', { name: 'Upload a statement' }), 20_000);
    await upload
      .getByLabel('Statement file (OFX, QFX or CSV, at most 5 MB)')
      .setInputFiles({ name: 'ncb-statement.ofx', mimeType: 'application/x-ofx', buffer: Buffer.from(statement) });
    await upload.getByRole('button', { name: 'Upload and match' }).click();

    const lines = await see(page.getByRole('list', { name: 'Lines of the statement' }), 20_000);
    const line = (text: string) => lines.getByRole('article').filter({ hasText: text });
    await see(line(byReference.reference).getByText(/^Certain/));
    await see(line(asWritten.reference.toLowerCase().replace('-', ' ')).getByText(/^Certain/));
    await see(line('CASH LODGEMENT').getByText('No booking found for this line.'));
    await see(line('SERVICE CHARGE').getByText('Money out: ignored'));
    await fitsTheScreen(page);
    await shot(page, 'statement-matched');

    await page.getByRole('button', { name: 'Accept all certain matches (2)' }).click();
    await see(line(byReference.reference).getByText('Applied', { exact: true }));
    await see(line(asWritten.reference.toLowerCase().replace('-', ' ')).getByText('Applied', { exact: true }));

    const lodgement = line('CASH LODGEMENT');
    await lodgement.getByRole('button', { name: 'Assign to a booking' }).click();
    // Typed as people type it: lower case, no dash.
    await lodgement.getByLabel('Booking reference').fill(byHand.reference.toLowerCase().replace('-', ''));
    await lodgement.getByRole('button', { name: 'Record the payment' }).click();
    await see(lodgement.getByText('Applied', { exact: true }));
    await see(page.getByRole('button', { name: 'Accept all certain matches (0)' }));
    await shot(page, 'statement-applied');
    const statementPage = new URL(page.url()).pathname;

    // Each booking's folio took its deposit once: nothing left to pay.
    const staff = typedApi(seed.baseUrl, manager.token);
    for (const booking of booked) {
      const { folio } = await staff.call('folio', { params: { id: booking._id } });
      expect(folio.totals.balance, booking.reference).toBe(0);
      expect(folio.payments.map((p) => [p.method, p.amount])).toEqual([['bank_deposit', booking.price]]);
    }

    // The cash-up: the manager's own day holds the three deposits, and no cash.
    await page.goto('/owner/cash-up');
    await see(page.getByRole('heading', { name: 'Cash-up' }), 20_000);
    await page.getByLabel('Whose money').selectOption({ label: 'Andrea Banks' });
    const bank = await see(page.getByRole('listitem', { name: 'Bank deposit' }), 20_000);
    await see(bank.getByText(formatMoney(byReference.price + asWritten.price + byHand.price)).first());
    const closing = page.getByRole('form', { name: 'Close the day' });
    await closing.getByLabel('Cash counted in the drawer').fill('0');
    await closing.getByRole('button', { name: 'Close the day' }).click();
    await see(page.getByText('Closed by Andrea Banks'));
    await fitsTheScreen(page);
    await shot(page, 'cash-up-closed');

    // This month's GCT, the three bookings' among it, as the server sums it.
    const month = today.slice(0, 7);
    const { report } = await staff.call('gctReport', { query: { month } });
    expect(report.gctCharged).toBeGreaterThan(0);
    await page.goto('/owner/reports/gct');
    await see(page.getByRole('heading', { name: 'GCT for a month' }), 20_000);
    await page.getByLabel('Month', { exact: true }).fill(month);
    await see(page.locator(`dl[aria-label="GCT for ${month}"]`).getByText(formatMoney(report.gctCharged)).first());
    await fitsTheScreen(page);
    await shot(page, 'gct');

    // The same pages on the manager's phone.
    const phone = await openPage({ token: manager.token, viewport: PHONE, mobile: true });
    await phone.goto(statementPage);
    await see(phone.getByRole('list', { name: 'Lines of the statement' }), 20_000);
    await fitsTheScreen(phone);
    await shot(phone, 'statements');
    await phone.goto('/owner/cash-up');
    await see(phone.getByRole('heading', { name: 'The cash drawer' }), 20_000);
    await fitsTheScreen(phone);
    await shot(phone, 'cash-up');
    await phone.goto('/owner/reports/gct');
    await see(phone.getByRole('heading', { name: 'Journal for the accountant' }), 20_000);
    await fitsTheScreen(phone);
    await shot(phone, 'gct');
  });
});
