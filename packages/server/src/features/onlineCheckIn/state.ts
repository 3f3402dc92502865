/**
 * The state of each step of a booking's online check-in, as GET /api/bookings/{id}/online-check-in
 * answers it and as the completion checks it: drivers, arrival, agreement, money; whether it is open
 * now, and why not.
 */
import {
  type AgreementDocument,
  CHECK_IN_CLOSED_WORDS,
  CHECK_IN_CODE_TRIES,
  type CheckInClosedReason,
  type CheckInDriver,
  type CheckInStepState,
  type CompanySettings,
  DEFAULT_DISTANCE_PER_DAY,
  DELIVERY_PLACE_WORDS,
  type Folio,
  documentsStillNeeded,
  driverProblems,
  dueBackAt,
  maskedEmail,
  onlineCheckInClosedReason,
  onlineCheckInOpensAt,
  type OnlineCheckInState,
  weekdayOf,
} from '@rental/contract';
import type { Database, Tx } from '../../db/types';
import { folioOf } from '../bookings';
import { companySettingUp } from '../company';
import { agreementDocument, type OnlineAgreementContentFacts, onlineContentFacts } from '../counter';
import type { CheckInFacts } from './facts';

/** Worst first: one driver blocked blocks the step, one still to do makes it to do, and so on. */
const ORDER: CheckInStepState[] = ['blocked', 'to_do', 'waiting', 'done'];
const worst = (states: CheckInStepState[]): CheckInStepState => ORDER.find((state) => states.includes(state)) ?? 'done';

export function closedReasonOf(facts: CheckInFacts, now: Date): { reason: CheckInClosedReason | null; opensAt: Date } {
  const opensAt = onlineCheckInOpensAt(facts.pickupDate, facts.company.weekHours, facts.company.onlineCheckInHours);
  const reason = onlineCheckInClosedReason({ status: facts.status, completed: facts.checkIn?.completedAt != null }, opensAt, now);
  return { reason, opensAt };
}

export function driversOf(facts: CheckInFacts): CheckInDriver[] {
  const rental = { pickupDate: facts.pickupDate, returnDate: facts.returnDate };
  const { customer, licence } = facts;
  const documentsNeeded = documentsStillNeeded(facts.documentKinds);
  const problems = licence ? driverProblems(licence, rental, facts.company).map((p) => p.message) : [];
  const mainState: CheckInStepState =
    customer.doNotRent || customer.vetting === 'rejected'
      ? 'blocked'
      : !licence || documentsNeeded.length > 0 || problems.length > 0
        ? 'to_do'
        : customer.vetting === 'approved'
          ? 'done'
          : 'waiting';
  const main: CheckInDriver = {
    role: 'main',
    name: customer.name,
    licenceGiven: licence !== null,
    documentsNeeded,
    vetting: customer.vetting,
    problems,
    state: mainState,
  };
  const others = facts.additionalDrivers.map((driver): CheckInDriver => {
    const otherProblems = driverProblems(driver, rental, facts.company, driver.name).map((p) => p.message);
    return {
      role: 'other',
      name: driver.name,
      licenceGiven: true,
      documentsNeeded: [],
      vetting: null,
      problems: otherProblems,
      state: otherProblems.length > 0 ? 'to_do' : 'done',
    };
  });
  return [main, ...others];
}

/** The delivery the booking was made with, in words for the agreement ("…, flight JM 123" or the address); null: the office. */
export function deliveryWords(facts: CheckInFacts, flightNumber: string | null): string | null {
  const delivery = facts.quote?.delivery;
  if (!delivery) return null;
  if (delivery.place === 'airport') return `${DELIVERY_PLACE_WORDS.airport}, flight ${flightNumber ?? delivery.flightNumber}`;
  return delivery.address;
}

/** The agreement's facts as the customer signs them (the counter draws the same content). */
export function agreementFactsOf(
  facts: CheckInFacts,
  folio: Folio,
  signing: { signedAt: Date; pickupTime: string; flightNumber: string | null },
): OnlineAgreementContentFacts {
  const { company, licence } = facts;
  return {
    company,
    contactsSaved: !companySettingUp(company),
    reference: facts.reference,
    customer: {
      name: facts.customer.name,
      email: facts.customer.email ?? '',
      phone: facts.customer.phone ?? '',
      address: '',
      dateOfBirth: licence?.dateOfBirth ?? '',
      licence: { number: licence?.licenceNumber ?? 'Not given yet', country: licence?.licenceCountry ?? '', expires: licence?.licenceExpires ?? '' },
    },
    drivers: facts.additionalDrivers.map((driver) => ({
      name: driver.name,
      dateOfBirth: driver.dateOfBirth,
      licence: { number: driver.licenceNumber, country: driver.licenceCountry, expires: driver.licenceExpires },
    })),
    car: { ...facts.car, distancePerDay: facts.car.distancePerDay ?? DEFAULT_DISTANCE_PER_DAY },
    pickupDate: facts.pickupDate,
    returnDate: facts.returnDate,
    dueBackAt: dueBackAt(facts.returnDate, company.returnTime),
    folio,
    signedAt: signing.signedAt,
    depositAmount: company.securityDeposit,
    pickupTime: signing.pickupTime,
    delivery: deliveryWords(facts, signing.flightNumber),
  };
}

/** The pickup time shown before it is given: the day's opening time (or the return time when closed). */
function suggestedTime(company: CompanySettings, pickupDate: string): string {
  return company.weekHours[weekdayOf(pickupDate)]?.opens ?? company.returnTime;
}

export async function checkInState(db: Database | Tx, facts: CheckInFacts, options: { cardsOn: boolean; now: Date }): Promise<OnlineCheckInState> {
  const { company, checkIn } = facts;
  const { reason, opensAt } = closedReasonOf(facts, options.now);
  const folio = await folioOf(db, facts.id, facts.reference, company);
  const drivers = driversOf(facts);
  const completed =
    checkIn?.completedAt && checkIn.agreementSha256 ? { completedAt: checkIn.completedAt.toISOString(), agreementSha256: checkIn.agreementSha256 } : null;
  const pickupTime = checkIn?.pickupTime ?? null;
  const flightNumber = checkIn?.flightNumber ?? (facts.quote?.delivery?.place === 'airport' ? facts.quote.delivery.flightNumber : null);
  const document: AgreementDocument = agreementDocument(
    onlineContentFacts(
      agreementFactsOf(facts, folio, {
        signedAt: checkIn?.completedAt ?? options.now,
        pickupTime: pickupTime ?? suggestedTime(company, facts.pickupDate),
        flightNumber,
      }),
    ),
  );
  const delivery = facts.quote?.delivery ?? null;
  const hours = company.weekHours[weekdayOf(facts.pickupDate)];
  const codeLive = checkIn?.codeHash && checkIn.codeExpiresAt && checkIn.codeExpiresAt > options.now;
  return {
    bookingId: facts.id,
    reference: facts.reference,
    open: reason === null,
    closedReason: reason,
    closedMessage: reason === null ? null : CHECK_IN_CLOSED_WORDS[reason],
    opensAt: opensAt.toISOString(),
    completed,
    trail: checkIn?.trail ?? [],
    drivers: { state: worst(drivers.map((d) => d.state)), drivers },
    arrival: {
      state: pickupTime ? 'done' : 'to_do',
      pickupDate: facts.pickupDate,
      location: facts.car.location,
      hours: hours ? { opens: hours.opens, closes: hours.closes } : null,
      pickupTime,
      delivery: delivery
        ? {
            place: delivery.place,
            placeWords: DELIVERY_PLACE_WORDS[delivery.place],
            address: delivery.place === 'airport' ? null : delivery.address,
            flightNumber: delivery.place === 'airport' ? delivery.flightNumber : null,
          }
        : null,
      flightNumber,
    },
    agreement: {
      state: completed ? 'done' : 'to_do',
      document,
      codeEmail: facts.customer.email ? maskedEmail(facts.customer.email) : '',
      codeSentAt: checkIn?.codeSentAt?.toISOString() ?? null,
      codeExpiresAt: checkIn?.codeExpiresAt?.toISOString() ?? null,
      triesLeft: codeLive ? Math.max(0, CHECK_IN_CODE_TRIES - (checkIn?.codeTries ?? 0)) : 0,
    },
    money: {
      state: folio.totals.balance > 0 ? 'to_do' : 'done',
      balance: folio.totals.balance,
      deposit: company.securityDeposit,
      currency: folio.currency,
      paymentMethod: facts.paymentMethod,
      cardsOn: options.cardsOn,
      bankReference: facts.reference,
    },
  };
}
