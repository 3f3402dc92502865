/**
 * The terms printed on every rental agreement, as plain sentences. The figures come from the
 * company's settings, so the paper the customer signs states the same charges the check-in works
 * out (counter.ts in the contract).
 */
import { type CompanySettings, formatMoney } from '@rental/contract';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function graceWords(minutes: number): string {
  if (minutes === 0) return 'There is no grace period';
  if (minutes % 60 === 0) return `A grace period of ${plural(minutes / 60, 'hour')} is allowed`;
  return `A grace period of ${plural(minutes, 'minute')} is allowed`;
}

/** contactsSaved false: the company's phone is still the shipped placeholder, so the terms name none. */
export function rentalTerms(company: CompanySettings, contactsSaved = true): string[] {
  const money = (amount: number) => formatMoney(amount, company.currency);
  const gct = company.gctPercent > 0 ? ` GCT at ${company.gctPercent}% is added to all charges.` : '';
  return [
    `Only the renter and the other drivers named in this agreement may drive the car. Each must hold a valid driver's licence, carry it while driving, be at least ${company.minDriverAge} years old and have held a licence for at least ${plural(company.minLicenceYears, 'year')}.`,
    'The car must not be sublet, used for hire or reward, used to tow or push anything, entered in races or tests, or driven under the influence of alcohol or drugs.',
    'The car must be driven only on paved public roads in Jamaica. Off-road driving, and driving on beaches, riverbeds or unpaved tracks, is not allowed; damage caused there is charged to the renter in full.',
    `The car must be returned by ${company.returnTime} on the return date shown above, to the place agreed. ${graceWords(company.gracePeriodMinutes)}; after it, each 24 hours or part of them is charged as an extra day at the booking's daily rate.`,
    `The car must be returned with as much fuel as it had at check-out. Each eighth of a tank missing is charged at ${money(company.fuelEighthPrice)}. Only the correct fuel may be used; damage from the wrong fuel is charged to the renter.`,
    `Kilometres driven above the car's daily allowance times the days of the rental are charged at ${money(company.extraKmRate)} per km.`,
    `A security deposit${company.securityDeposit > 0 ? ` of ${money(company.securityDeposit)}` : ''} is taken at check-out. Charges at return (late return, fuel, kilometres, cleaning and damage) are taken from it first and the rest is given back. While new damage is being assessed, the deposit is held until the cost is known. Charges the deposit does not cover must be paid by the renter.`,
    'The renter is responsible for any loss of or damage to the car, its keys, tyres, glass and the items handed over, from check-out until the car is returned, except damage recorded in this agreement at check-out.',
    "Traffic tickets, fines, tolls, parking and clamping fees and towing charges incurred during the rental are the renter's responsibility. Any the company receives or pays are charged to the renter, with the cost of handling them.",
    "Smoking and vaping in the car are not allowed, and pets only with the company's agreement. A car returned needing more than ordinary cleaning, or smelling of smoke, is charged for cleaning.",
    `Any accident, theft or damage must be reported at once to the nearest police station and to the company${contactsSaved ? ` on ${company.phone}` : ''}. The renter must get a police report, must not admit liability, and must take the names, addresses, licence and vehicle details of everyone involved and of any witnesses.`,
    'If the car breaks down, the renter must call the company before any repair is made. Repairs not agreed by the company are not refunded.',
    "The company may take the car back at the renter's cost if it is used against these terms or is not returned when due.",
    `The car's condition, odometer and fuel at check-out are as recorded in this agreement, and the renter accepts them by signing.${gct}`,
  ];
}
