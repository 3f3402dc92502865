/**
 * The condition appendix (decision 125): a customer who checked in online signed the agreement on
 * their phone, which says the car's condition is "recorded at the counter, on a page added and signed
 * there". This is that page: the car as it leaves, the keys and items, the money taken, the time, and
 * the staff member who handed it over. Sealed like an agreement (features/agreements, kind
 * `condition`), kept as made; the same facts give the same bytes.
 */
import { DAMAGE_ZONE_WORDS, DEPOSIT_METHOD_WORDS, formatMoney, fuelWords } from '@rental/contract';
import type { AgreementContentFacts } from './agreementContent';
import { type CounterDevice, sealCounterAgreement } from './agreementSeal';
import { balanceLine } from './folioPaper';
import { jamaicaTime, km, Paper } from './pdfLayout';

export interface ConditionFacts extends AgreementContentFacts {
  /** The agreement signed online this page belongs to. */
  signedOnline: { at: Date; sha256: string };
  /** The staff member's signature, a PNG. */
  staffSignature: Uint8Array;
}

export async function renderConditionAppendix(facts: ConditionFacts): Promise<Uint8Array> {
  const handedOver = jamaicaTime(facts.checkedOutAt);
  const money = (amount: number) => formatMoney(amount, facts.folio.currency);
  // The keys have their own row; the check-out page sends them first among the items.
  const others = facts.items.filter((item) => item !== 'Keys');
  const paper = await Paper.create({
    title: `Condition at handover ${facts.reference}`,
    company: facts.company.name,
    date: facts.checkedOutAt,
    footer: `Condition appendix ${facts.reference}`,
  });
  paper.text(facts.company.name, { size: 16, bold: true });
  paper.title('Condition at handover');
  paper.text(
    `Appendix to rental agreement ${facts.reference}, signed online by ${facts.customer.name} on ${jamaicaTime(facts.signedOnline.at)} ` +
      `(SHA-256 of that agreement: ${facts.signedOnline.sha256}). It records the car as it was handed over; the agreement itself is unchanged.`,
    { grey: true },
  );
  paper.heading('The car');
  paper.rows([
    ['Car', `${facts.car.brand} ${facts.car.model} (${facts.car.year})`],
    ['Plate', facts.car.plate ?? 'Not recorded'],
    ['Handed over', `${handedOver} (Jamaica time)`],
    ['Odometer', km(facts.odometerKm)],
    ['Fuel', fuelWords(facts.fuelEighths)],
    ['Keys', 'Handed over to the renter'],
    ['Items handed over', others.length > 0 ? others.join(', ') : 'None'],
  ]);
  paper.heading('Damages');
  if (facts.damages.length === 0) paper.text('None noted: the car was walked round and no damage was found.');
  else paper.list(facts.damages.map((d) => `${DAMAGE_ZONE_WORDS[d.zone]}: ${d.description}${d.isNew ? ' (found today)' : ' (noted before, still as noted)'}`));
  paper.heading('Money at handover');
  paper.rows([
    [
      'Security deposit',
      `${money(facts.deposit.amount)}, ${DEPOSIT_METHOD_WORDS[facts.deposit.method].toLowerCase()}${facts.deposit.reference ? ` (${facts.deposit.reference})` : ''}`,
    ],
    ['Balance', facts.payAtReturn ? `${money(facts.folio.totals.balance)} to be paid at return: ${facts.payAtReturn}` : balanceLine(facts.folio).label],
  ]);
  paper.ensure(160);
  paper.heading('Handed over by');
  await paper.signatures([{ role: `For ${facts.company.name}`, png: facts.staffSignature, name: facts.staffName, date: handedOver }]);
  return paper.finish();
}

/** Sealed at the counter: the moment the keys went out, and who handed them over. */
export function sealConditionAppendix(pages: Uint8Array, facts: { reference: string; at: Date; staffName: string }, device: CounterDevice) {
  const trail = [{ at: facts.at, what: `Car handed over and the condition signed at the counter by ${facts.staffName}` }];
  return sealCounterAgreement(pages, { reference: facts.reference, signedAt: facts.at, trail }, device, 'condition');
}
