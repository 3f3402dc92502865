/**
 * The rental agreement signed when the keys are handed over: who may drive which car until when,
 * what it costs, the deposit, the car's condition, the terms, and both signatures. It is kept as
 * made, so the same facts must give the same bytes (its dates are the check-out's).
 */
import { type CompanySettings, DAMAGE_ZONE_WORDS, type DamageZone, DEPOSIT_METHOD_WORDS, formatDay, formatMoney, fuelWords, rentalDays } from '@rental/contract';
import { balanceLine, chargeLines, type FolioOnPaper, paymentLines } from './folioPaper';
import { jamaicaTime, km, letterhead, Paper } from './pdfLayout';
import { rentalTerms } from './rentalTerms';

export interface AgreementFacts {
  company: CompanySettings;
  reference: string;
  customer: { name: string; email: string; phone: string; licenceNumber: string };
  /** Other named drivers (may be none). */
  drivers: { name: string; licenceNumber: string }[];
  car: { brand: string; model: string; year: number; plate: string | null; category: string };
  /** YYYY-MM-DD. */
  pickupDate: string;
  returnDate: string;
  checkedOutAt: Date;
  dueBackAt: Date;
  /** The booking's folio as the keys go out (any payment taken with them included). */
  folio: FolioOnPaper;
  /** Why the balance is to be paid at return (an owner's or a manager's choice); null when paid. */
  payAtReturn: string | null;
  deposit: { amount: number; method: 'cash' | 'card' | 'bank_transfer'; reference: string };
  odometerKm: number;
  fuelEighths: number;
  /** The car's open damages at check-out; isNew: marked today. */
  damages: { zone: DamageZone; description: string; isNew: boolean }[];
  items: string[];
  /** The customer's signature, a PNG. */
  signature: Uint8Array;
  /** A PNG, or null: the paper says who signed for the company. */
  staffSignature: Uint8Array | null;
  staffName: string;
}

export async function renderAgreement(facts: AgreementFacts): Promise<Uint8Array> {
  const { company, customer, car } = facts;
  const currency = facts.folio.currency;
  const paper = await Paper.create({
    title: `Rental agreement ${facts.reference}`,
    company: company.name,
    date: facts.checkedOutAt,
    footer: `Rental agreement ${facts.reference}`,
  });

  letterhead(paper, company);
  paper.title('Rental agreement');
  paper.rows([
    ['Booking reference', facts.reference],
    ['Keys handed over', jamaicaTime(facts.checkedOutAt)],
  ]);

  paper.heading('The renter');
  paper.rows([
    ['Name', customer.name],
    ['Licence number', customer.licenceNumber],
    ['Phone', customer.phone.trim() || 'Not given'],
    ['E-mail', customer.email],
  ]);

  paper.heading('Other drivers');
  if (facts.drivers.length === 0) paper.text('No other driver is named: only the renter may drive the car.');
  else paper.rows(facts.drivers.map((driver): [string, string] => [driver.name, `Licence number ${driver.licenceNumber}`]));

  paper.heading('The car');
  paper.rows([
    ['Car', `${car.brand} ${car.model} (${car.year})`],
    ['Plate', car.plate ?? 'Not recorded'],
    ['Category', car.category],
  ]);

  const days = rentalDays(facts.pickupDate, facts.returnDate);
  paper.heading('Rental period');
  paper.rows([
    ['Pickup', formatDay(facts.pickupDate)],
    ['Return', formatDay(facts.returnDate)],
    ['Days', `${days} ${days === 1 ? 'day' : 'days'}`],
    ['Due back by', jamaicaTime(facts.dueBackAt)],
  ]);

  paper.heading('Price');
  paper.amounts(chargeLines(facts.folio));
  const paid = paymentLines(facts.folio);
  paper.heading('Paid');
  if (paid.length === 0) paper.text('Nothing paid yet.');
  else paper.amounts(paid);
  paper.gap(4);
  const balance = balanceLine(facts.folio);
  paper.amounts([facts.payAtReturn && facts.folio.totals.balance > 0 ? { ...balance, label: 'To pay at return' } : balance]);
  if (facts.payAtReturn && facts.folio.totals.balance > 0) paper.text(`To be paid when the car is returned: ${facts.payAtReturn}`, { grey: true });

  paper.heading('Security deposit');
  paper.rows([
    ['Amount', formatMoney(facts.deposit.amount, currency)],
    ['Taken by', DEPOSIT_METHOD_WORDS[facts.deposit.method]],
    ...(facts.deposit.reference.trim() !== '' ? [['Reference', facts.deposit.reference.trim()] as [string, string]] : []),
  ]);
  paper.text('Held, not a payment: given back at return, less anything then owing on the booking.', { grey: true });

  paper.heading('Condition at check-out');
  paper.rows([
    ['Odometer', km(facts.odometerKm)],
    ['Fuel', fuelWords(facts.fuelEighths)],
  ]);
  paper.gap(4);
  paper.text('Damage already on the car', { bold: true });
  if (facts.damages.length === 0) paper.text('No damage recorded.');
  else paper.list(facts.damages.map((damage) => `${DAMAGE_ZONE_WORDS[damage.zone]}: ${damage.description}${damage.isNew ? ' (new)' : ''}`));
  paper.gap(4);
  paper.text('Handed over with the car', { bold: true });
  if (facts.items.length === 0) paper.text('Nothing besides the car and its keys.');
  else paper.list(facts.items);

  paper.heading('Terms');
  paper.list(rentalTerms(company), true);

  // The signatures stay on the page of their heading and the sentence they sign.
  paper.ensure(180);
  paper.heading('Signatures');
  paper.text('By signing, the renter accepts the terms above and the condition of the car as recorded.');
  paper.gap(10);
  const signedAt = jamaicaTime(facts.checkedOutAt);
  await paper.signatures([
    { role: 'Renter', png: facts.signature, name: customer.name, date: signedAt },
    {
      role: `For ${company.name}`,
      png: facts.staffSignature,
      instead: `Signed for the company by ${facts.staffName}`,
      name: facts.staffName,
      date: signedAt,
    },
  ]);
  return paper.finish();
}
