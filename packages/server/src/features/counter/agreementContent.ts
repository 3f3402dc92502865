/**
 * What the rental agreement says, worked out once from the check-out's facts: the PDF draws it
 * (agreementPdf.ts) and the check-out screen shows it before the customer signs (the preview), so
 * what is read on the screen is what is signed and kept.
 */
import {
  placeWithAddress,
  type AgreementBlock,
  type AgreementDocument,
  type CompanySettings,
  DAMAGE_ZONE_WORDS,
  type DamageZone,
  DEPOSIT_METHOD_WORDS,
  formatDay,
  formatMoney,
  fuelWords,
  isDamageWaiver,
  rentalDays,
} from '@rental/contract';
import { balanceLine, chargeLines, type FolioOnPaper, paymentLines } from './folioPaper';
import { companyLines, jamaicaTime, km } from './pdfLayout';
import { rentalTerms } from './rentalTerms';

export interface LicenceFacts {
  number: string;
  country: string;
  /** YYYY-MM-DD. */
  expires: string;
}

export interface AgreementContentFacts {
  company: CompanySettings;
  /** False while the company's phone and e-mail are the shipped placeholders: then they are not printed. */
  contactsSaved: boolean;
  reference: string;
  customer: { name: string; email: string; phone: string; address: string; dateOfBirth: string; licence: LicenceFacts };
  /** Other named drivers (may be none). */
  drivers: { name: string; dateOfBirth: string; licence: LicenceFacts }[];
  car: { brand: string; model: string; year: number; plate: string | null; category: string; location: string; distancePerDay: number };
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
  staffName: string;
  /**
   * Signed by the customer on their phone before pickup (online check-in, decision 124): then
   * checkedOutAt is the signing time, and what only the counter knows (the deposit's method, the
   * car's condition, the items) is said to be recorded there, on a page added to this agreement.
   */
  online?: { pickupTime: string; delivery: string | null };
}

/** What the online check-in knows when the customer signs: the counter's facts but those it records when the keys go out. */
export type OnlineAgreementContentFacts = Omit<
  AgreementContentFacts,
  'checkedOutAt' | 'payAtReturn' | 'deposit' | 'odometerKm' | 'fuelEighths' | 'damages' | 'items' | 'staffName' | 'online'
> & {
  signedAt: Date;
  depositAmount: number;
  pickupTime: string;
  /** "Norman Manley International, KIN, flight JM 123" or the address; null: picked up at the office. */
  delivery: string | null;
};

/** The online facts as the content reads them: the counter's fields it does not know are not printed (see online). */
export function onlineContentFacts(facts: OnlineAgreementContentFacts): AgreementContentFacts {
  const { signedAt, depositAmount, pickupTime, delivery, ...rest } = facts;
  return {
    ...rest,
    checkedOutAt: signedAt,
    payAtReturn: null,
    deposit: { amount: depositAmount, method: 'cash', reference: '' },
    odometerKm: 0,
    fuelEighths: 0,
    damages: [],
    items: [],
    staffName: facts.company.name,
    online: { pickupTime, delivery },
  };
}

const AT_THE_COUNTER_CONDITION =
  'Recorded at the counter when the keys are handed over: the odometer, the fuel, the damage already on the car and what is handed over with it, on a page added to this agreement and signed there.';

/** "5 May 1990": a date of birth or an expiry needs no weekday. */
function plainDate(date: string): string {
  return formatDay(date).replace(/^\w{3} /, '');
}

function licenceWords(licence: LicenceFacts): string {
  return `${licence.number}, issued in ${licence.country}, expires ${plainDate(licence.expires)}`;
}

/**
 * The damage waiver is one of the company's extras (prices), named by the company: a live extra
 * line of the folio whose name says "waiver" (or CDW) is the protection bought.
 */
export function waiverBought(folio: FolioOnPaper): string | null {
  const line = folio.lines.find((l) => l.kind === 'extra' && !l.voided && !l.voidsLineId && isDamageWaiver(l.label));
  return line ? line.label : null;
}

function protectionBlocks(facts: AgreementContentFacts, money: (n: number) => string): AgreementBlock[] {
  const waiver = waiverBought(facts.folio);
  const { damageExcess, waiverExcess } = facts.company;
  const owes = (amount: number) =>
    amount === 0
      ? 'Nothing: the renter pays nothing towards damage to or loss of the car'
      : `${money(amount)}: the most the renter pays towards any one damage to or loss of the car`;
  return [
    {
      kind: 'rows',
      rows: waiver
        ? [
            ['Damage waiver', `Bought (${waiver})`],
            ['Excess the renter owes', owes(waiverExcess)],
          ]
        : [
            ['Damage waiver', 'Declined'],
            ['Excess the renter owes', owes(damageExcess)],
          ],
    },
    {
      kind: 'text',
      text: 'Damage caused by driving against these terms (off-road, under the influence, with the wrong fuel) is charged in full, waiver or not.',
      grey: true,
    },
  ];
}

function fuelAndDistanceRows(facts: AgreementContentFacts, days: number, money: (n: number) => string): [string, string][] {
  const { fuelEighthPrice, extraKmRate } = facts.company;
  const allowance = facts.car.distancePerDay * days;
  const fuelRule = fuelEighthPrice > 0 ? `; each eighth of a tank missing is charged ${money(fuelEighthPrice)}` : '; nothing is charged for fuel missing';
  const distanceRule = extraKmRate > 0 ? `; each km over it is charged ${money(extraKmRate)}` : '; nothing is charged for kilometres over it';
  const asAtPickup = facts.online ? 'as at pickup' : `as at pickup (${fuelWords(facts.fuelEighths)})`;
  return [
    ['Fuel', `To be returned with as much fuel ${asAtPickup}${fuelRule}`],
    ['Distance', `${km(facts.car.distancePerDay)} a day, ${km(allowance)} for the ${days === 1 ? 'day' : `${days} days`}${distanceRule}`],
  ];
}

function moneyBlocks(facts: AgreementContentFacts): { price: AgreementBlock[]; paid: AgreementBlock[] } {
  const paid = paymentLines(facts.folio);
  const owing = facts.payAtReturn !== null && facts.folio.totals.balance > 0;
  const balance = balanceLine(facts.folio);
  return {
    price: [{ kind: 'amounts', lines: chargeLines(facts.folio) }],
    paid: [
      paid.length === 0 ? { kind: 'text', text: 'Nothing paid yet.' } : { kind: 'amounts', lines: paid },
      { kind: 'amounts', lines: [owing ? { ...balance, label: 'To pay at return' } : balance] },
      ...(owing ? [{ kind: 'text' as const, text: `To be paid when the car is returned: ${facts.payAtReturn}`, grey: true }] : []),
    ],
  };
}

export function agreementDocument(facts: AgreementContentFacts): AgreementDocument {
  const { company, customer, car } = facts;
  const money = (amount: number) => formatMoney(amount, facts.folio.currency);
  const days = rentalDays(facts.pickupDate, facts.returnDate);
  const { price, paid } = moneyBlocks(facts);
  const { online } = facts;
  const depositRows: [string, string][] = online
    ? [
        ['Amount', money(facts.deposit.amount)],
        ['Taken', 'At the counter, when the keys are handed over'],
      ]
    : [
        ['Amount', money(facts.deposit.amount)],
        ['Taken by', DEPOSIT_METHOD_WORDS[facts.deposit.method]],
        ...(facts.deposit.reference.trim() !== '' ? [['Reference', facts.deposit.reference.trim()] as [string, string]] : []),
      ];
  const pickupRows: [string, string][] = online
    ? [
        ['Pickup place', online.delivery ?? placeWithAddress(company, car.location)],
        ['Pickup', `${formatDay(facts.pickupDate)}, at ${online.pickupTime}`],
      ]
    : [
        ['Pickup place', placeWithAddress(company, car.location)],
        ['Pickup', `${formatDay(facts.pickupDate)}, keys handed over ${jamaicaTime(facts.checkedOutAt)}`],
      ];
  const conditionBlocks: AgreementBlock[] = online
    ? [{ kind: 'text', text: AT_THE_COUNTER_CONDITION }]
    : [
        {
          kind: 'rows',
          rows: [
            ['Odometer', km(facts.odometerKm)],
            ['Fuel', fuelWords(facts.fuelEighths)],
          ],
        },
        { kind: 'text', text: 'Damage already on the car', bold: true },
        facts.damages.length === 0
          ? { kind: 'text', text: 'No damage recorded.' }
          : { kind: 'list', items: facts.damages.map((d) => `${DAMAGE_ZONE_WORDS[d.zone]}: ${d.description}${d.isNew ? ' (new)' : ''}`) },
        { kind: 'text', text: 'Handed over with the car', bold: true },
        facts.items.length === 0 ? { kind: 'text', text: 'Nothing besides the car and its keys.' } : { kind: 'list', items: facts.items },
      ];
  return {
    company: { name: company.name, lines: companyLines(company, facts.contactsSaved) },
    title: 'Rental agreement',
    sections: [
      {
        heading: 'The agreement',
        blocks: [
          {
            kind: 'rows',
            rows: [
              ['Booking reference', facts.reference],
              online ? ['Signed online', jamaicaTime(facts.checkedOutAt)] : ['Keys handed over', jamaicaTime(facts.checkedOutAt)],
            ],
          },
        ],
      },
      {
        heading: 'The renter',
        blocks: [
          {
            kind: 'rows',
            rows: [
              ['Name', customer.name],
              ['Address', customer.address.trim() || 'Read off the proof of address at the counter'],
              ['Date of birth', plainDate(customer.dateOfBirth)],
              ['Licence', licenceWords(customer.licence)],
              ['Phone', customer.phone.trim() || 'Not given'],
              ['E-mail', customer.email.trim() || 'Not given'],
            ],
          },
        ],
      },
      {
        heading: 'Other drivers',
        blocks:
          facts.drivers.length === 0
            ? [{ kind: 'text', text: 'No other driver is named: only the renter may drive the car.' }]
            : [
                {
                  kind: 'rows',
                  rows: facts.drivers.map((d): [string, string] => [d.name, `Born ${plainDate(d.dateOfBirth)}. Licence ${licenceWords(d.licence)}`]),
                },
              ],
      },
      {
        heading: 'The car',
        blocks: [
          {
            kind: 'rows',
            rows: [
              ['Car', `${car.brand} ${car.model} (${car.year})`],
              ['Plate', car.plate ?? 'Not recorded'],
              ['Category', car.category],
            ],
          },
        ],
      },
      {
        heading: 'Pickup and return',
        blocks: [
          {
            kind: 'rows',
            rows: [
              ...pickupRows,
              ['Return place', placeWithAddress(company, car.location)],
              ['Return', `${formatDay(facts.returnDate)}, due back by ${jamaicaTime(facts.dueBackAt)}`],
              ['Days', `${days} ${days === 1 ? 'day' : 'days'}`],
            ],
          },
        ],
      },
      { heading: 'Protection', blocks: protectionBlocks(facts, money) },
      { heading: 'Fuel and distance', blocks: [{ kind: 'rows', rows: fuelAndDistanceRows(facts, days, money) }] },
      { heading: 'Price', blocks: price },
      { heading: 'Paid and owed', blocks: paid },
      {
        heading: 'Security deposit',
        blocks: [
          { kind: 'rows', rows: depositRows },
          { kind: 'text', text: 'Held, not a payment: given back at return, less anything then owing on the booking.', grey: true },
        ],
      },
      { heading: 'Condition at check-out', blocks: conditionBlocks },
      { heading: 'Terms', blocks: [{ kind: 'list', items: rentalTerms(company, facts.contactsSaved), numbered: true }] },
    ],
    signing: online
      ? 'By signing, the renter accepts the terms above; the condition of the car is recorded and signed at the counter.'
      : 'By signing, the renter accepts the terms above and the condition of the car as recorded.',
  };
}
