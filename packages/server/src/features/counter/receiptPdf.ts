/**
 * The receipt made when a car comes back: what the booking cost and how it was paid, what the
 * return added, and what became of the deposit. Like the agreement it is kept as made, so its
 * dates are the issue time and the same facts give the same bytes.
 */
import {
  type CompanySettings,
  DEPOSIT_METHOD_WORDS,
  formatDay,
  formatMoney,
  fuelWords,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_WORDS,
  type PaymentMethod,
  type PaymentStatus,
  type Quote,
  type ReturnCharge,
} from '@rental/contract';
import { jamaicaTime, km, letterhead, Paper, priceLines } from './pdfLayout';

export interface ReceiptFacts {
  company: CompanySettings;
  /** "R-2026-000123". */
  receiptNumber: string;
  issuedAt: Date;
  reference: string;
  customer: { name: string; email: string };
  car: { brand: string; model: string; year: number; plate: string | null };
  /** YYYY-MM-DD. */
  pickupDate: string;
  returnDate: string;
  checkedOutAt: Date;
  returnedAt: Date;
  quote: Quote | null;
  price: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** The return's charges, GCT among them. */
  charges: ReturnCharge[];
  chargesTotal: number;
  deposit: { amount: number; method: 'cash' | 'card' | 'bank_transfer' };
  depositRefunded: number;
  depositKept: number;
  owing: number;
  toBeAssessed: boolean;
  odometerOut: number;
  odometerIn: number;
  fuelOut: number;
  fuelIn: number;
}

export async function renderReceipt(facts: ReceiptFacts): Promise<Uint8Array> {
  const { company, car } = facts;
  const currency = facts.quote?.currency ?? company.currency;
  const money = (amount: number) => formatMoney(amount, currency);
  const paper = await Paper.create({
    title: `Receipt ${facts.receiptNumber}`,
    company: company.name,
    date: facts.issuedAt,
    footer: `Receipt ${facts.receiptNumber}`,
  });

  letterhead(paper, company);
  paper.title(`Receipt ${facts.receiptNumber}`);
  paper.rows([
    ['Date', jamaicaTime(facts.issuedAt)],
    ['Booking reference', facts.reference],
    ['Customer', facts.customer.name],
    ['E-mail', facts.customer.email],
  ]);

  paper.heading('The rental');
  paper.rows([
    ['Car', `${car.brand} ${car.model} (${car.year})`],
    ['Plate', car.plate ?? 'Not recorded'],
    ['Pickup', formatDay(facts.pickupDate)],
    ['Return', formatDay(facts.returnDate)],
    ['Picked up', jamaicaTime(facts.checkedOutAt)],
    ['Returned', jamaicaTime(facts.returnedAt)],
  ]);

  paper.heading('The booking');
  paper.amounts(priceLines(facts.quote, facts.price, company.currency));
  paper.gap(4);
  paper.rows([
    ['Payment', PAYMENT_METHOD_NAMES[facts.paymentMethod]],
    ['Paid', PAYMENT_STATUS_WORDS[facts.paymentStatus]],
  ]);

  paper.heading('Charges at return');
  if (facts.charges.length === 0) paper.text('Nothing more to pay for the return.');
  else paper.amounts([...facts.charges.map((charge) => ({ label: charge.label, amount: money(charge.amount) })), { label: 'Total of the charges', amount: money(facts.chargesTotal), total: true }]);

  paper.heading('Security deposit');
  paper.amounts([
    { label: `Taken at pickup (${DEPOSIT_METHOD_WORDS[facts.deposit.method]})`, amount: money(facts.deposit.amount) },
    { label: 'Kept', amount: money(facts.depositKept) },
    { label: 'Refunded', amount: money(facts.depositRefunded), total: true },
    ...(facts.owing > 0 ? [{ label: 'Still to pay', amount: money(facts.owing), total: true }] : []),
  ]);
  if (facts.toBeAssessed) {
    paper.gap(4);
    paper.text('The deposit is held until the damage is assessed. We will write to you with the cost and give back what is left.', { bold: true });
  }

  paper.heading('Condition');
  paper.rows([
    ['Odometer', `${km(facts.odometerOut)} out, ${km(facts.odometerIn)} in (${km(Math.max(0, facts.odometerIn - facts.odometerOut))} driven)`],
    ['Fuel', `${fuelWords(facts.fuelOut)} out, ${fuelWords(facts.fuelIn)} in`],
  ]);

  paper.gap(16);
  paper.text(`Thank you for renting with ${company.name}. Questions about this receipt: ${company.phone} or ${company.email}.`, { grey: true });
  return paper.finish();
}
