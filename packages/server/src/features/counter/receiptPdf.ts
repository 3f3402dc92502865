/**
 * The receipt made when a car comes back: what the booking cost and how it was paid, what the
 * return added, and what became of the deposit. Like the agreement it is kept as made, so its
 * dates are the issue time and the same facts give the same bytes.
 */
import {
  type CompanySettings,
  DAMAGE_ZONE_WORDS,
  type DamageZone,
  DEPOSIT_METHOD_WORDS,
  formatDay,
  formatMoney,
  fuelWords,
  PAYMENT_STATUS_WORDS,
  paymentStatusOf,
} from '@rental/contract';
import { balanceLine, chargeLines, type FolioOnPaper, paymentLines } from './folioPaper';
import { jamaicaTime, km, letterhead, Paper } from './pdfLayout';

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
  /** The booking's folio after the return: its charges (the return's among them), payments and balance. */
  folio: FolioOnPaper;
  deposit: { amount: number; method: 'cash' | 'card' | 'bank_transfer' };
  depositRefunded: number;
  depositKept: number;
  /** Held while a damage is to be assessed. */
  depositHeld: number;
  toBeAssessed: boolean;
  odometerOut: number;
  odometerIn: number;
  fuelOut: number;
  fuelIn: number;
  /** Damages found at the return, where on the car as the outline places them. */
  damages: readonly { zone: DamageZone; description: string; amount: number | null }[];
  /** Items handed over at check-out and not brought back. */
  itemsMissing: readonly string[];
}

export async function renderReceipt(facts: ReceiptFacts): Promise<Uint8Array> {
  const { company, car, folio } = facts;
  const money = (amount: number) => formatMoney(amount, folio.currency);
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

  paper.heading('Charges');
  paper.amounts(chargeLines(folio));

  paper.heading('Paid');
  const paid = paymentLines(folio);
  if (paid.length === 0) paper.text('Nothing paid yet.');
  else paper.amounts(paid);
  paper.gap(4);
  paper.rows([['Payment', PAYMENT_STATUS_WORDS[paymentStatusOf(folio.totals)]]]);

  paper.heading('Security deposit');
  paper.amounts([
    { label: `Taken at pickup (${DEPOSIT_METHOD_WORDS[facts.deposit.method]})`, amount: money(facts.deposit.amount) },
    ...(facts.depositHeld > 0
      ? [{ label: 'Held until the damage is assessed', amount: money(facts.depositHeld), total: true }]
      : [
          { label: 'Kept towards the booking', amount: money(facts.depositKept) },
          { label: 'Given back', amount: money(facts.depositRefunded), total: true },
        ]),
  ]);
  if (facts.toBeAssessed) {
    paper.gap(4);
    paper.text('The security deposit is held until the damage is assessed. We will write to you with the cost and give back what is left.', { bold: true });
  }

  paper.heading('Balance');
  paper.amounts([balanceLine(folio)]);

  paper.heading('Condition');
  // Rows, not a heading and a list: a row stays whole on its page, with its word beside it.
  paper.rows([
    ['Odometer', `${km(facts.odometerOut)} out, ${km(facts.odometerIn)} in (${km(Math.max(0, facts.odometerIn - facts.odometerOut))} driven)`],
    ['Fuel', `${fuelWords(facts.fuelOut)} out, ${fuelWords(facts.fuelIn)} in`],
    ...facts.damages.map((damage): [string, string] => [
      'Damage found',
      `${DAMAGE_ZONE_WORDS[damage.zone]}: ${damage.description}${damage.amount === null ? ' (to be assessed)' : ''}`,
    ]),
    ...(facts.itemsMissing.length > 0 ? [['Not returned', facts.itemsMissing.join(', ')] as [string, string]] : []),
  ]);

  paper.gap(16);
  paper.text(`Thank you for renting with ${company.name}. Questions about this receipt: ${company.phone} or ${company.email}.`, { grey: true });
  return paper.finish();
}
