/**
 * Check-in form rules without React: the fields as typed, what is missing or wrong in words, the
 * charges worked out live with the contract's own sum (returnCharges, settleDeposit: what the
 * server will store), and the request with its photos in the order the damages name them.
 */
import {
  type DamageZone,
  DAMAGE_ZONE_WORDS,
  dueBackAt,
  FUEL_EIGHTHS,
  MAX_COUNTER_DAMAGES,
  MAX_ODOMETER_KM,
  returnCharges,
  type ReturnSettlement,
  settleDeposit,
} from '@rental/contract/counter';
import type { CheckInDataInput, CounterBooking } from '@rental/contract/schemas';
import type { PinPlace } from '../../damages/CarDiagram';
import { placeFields } from '../../damages/pins';

export interface DamageDraft {
  /** React's key for the row; never sent. */
  key: string;
  /** Where the agent tapped the car's outline: the zone, and the pin on the drawing (null: by zone only). */
  zone: DamageZone;
  place: PinPlace | null;
  description: string;
  amount: string;
  toBeAssessed: boolean;
  /** Already made small (resizePhoto); null: no photo. */
  photo: File | null;
}

export interface CheckInFields {
  odometer: string;
  /** null until staff read the gauge. */
  fuel: number | null;
  /** Jamaica's wall clock, as a datetime-local input holds it: "2026-11-25T14:30". */
  returnedAt: string;
  /**
   * Staff changed the return time. Until they do, the car came back "now" and the server reads its
   * own clock: the field only shows minutes, and a car checked in the minute it went out would
   * otherwise seem back before it left.
   */
  returnedAtEdited: boolean;
  damages: DamageDraft[];
  cleaningNeeded: boolean;
  cleaning: string;
  /** The items handed over at check-out, each ticked by the agent once it is back (none is ticked at first). */
  items: ItemBack[];
}

export interface ItemBack {
  item: string;
  returned: boolean;
  /** The charge for it when it is not back, as typed; empty: no charge. */
  charge: string;
}

/** What the form needs of the booking: its check-out readings, deposit and the return rules. */
export type CheckInBooking = Pick<CounterBooking, 'returnDate' | 'returnRules' | 'counter' | 'balance'> & {
  car: Pick<CounterBooking['car'], 'distancePerDay'>;
};

/** The items handed over at check-out that are not ticked as back: what the check-in records as not returned. */
export function itemsNotBack(fields: Pick<CheckInFields, 'items'>): ItemBack[] {
  return fields.items.filter((item) => !item.returned);
}

/** A missing item's charge: nothing when left empty or not a whole number yet. */
function itemCharge(item: ItemBack): number {
  return wholeNumber(item.charge) ?? 0;
}

const JAMAICA_OFFSET_MS = 5 * 60 * 60_000;

/** An instant as Jamaica's wall clock for a datetime-local input (UTC-5 all year). */
export function jamaicaClock(instant: Date): string {
  return new Date(instant.getTime() - JAMAICA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Jamaica's time; null when it is not a time. */
export function fromJamaicaClock(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00-05:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The form before anything is read: `handedOver` are the check-out's items, none ticked as back yet. */
export function emptyCheckIn(now: Date, handedOver: readonly string[] = []): CheckInFields {
  return {
    odometer: '',
    fuel: null,
    returnedAt: jamaicaClock(now),
    returnedAtEdited: false,
    damages: [],
    cleaningNeeded: false,
    cleaning: '',
    items: handedOver.map((item) => ({ item, returned: false, charge: '' })),
  };
}

let damageKeys = 0;
export function newDamage(zone: DamageZone, place: PinPlace | null = null): DamageDraft {
  damageKeys += 1;
  return { key: `damage-${damageKeys}`, zone, place, description: '', amount: '', toBeAssessed: false, photo: null };
}

/** A whole number as people type it ("42,150", " 42 150 "); null when it is not one. */
export function wholeNumber(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(plain)) return null;
  return Number(plain);
}

/** "Damage (left side): Scratch on the door": the server's label of a damage charge. */
export function damageLabel(damage: Pick<DamageDraft, 'zone' | 'description'>): string {
  return `Damage (${DAMAGE_ZONE_WORDS[damage.zone].toLowerCase()}): ${damage.description.trim()}`;
}

/** A damage's amount: null while to be assessed or not typed yet (nothing charged for it now). */
function damageAmount(damage: DamageDraft): number | null {
  return damage.toBeAssessed ? null : wholeNumber(damage.amount);
}

export interface LiveCharges extends ReturnSettlement {
  /** What the booking still owed before the return (a rental to be paid at return). */
  balanceBefore: number;
  deposit: number;
  kept: number;
  refunded: number;
  /** Held while a damage is to be assessed. */
  held: number;
  /** The booking's balance once the security deposit is settled. */
  owing: number;
}

/**
 * The charges as the fields stand now. A reading not typed yet counts as at check-out (nothing
 * charged for it), a damage without an amount as to be assessed, so the sum only grows as staff
 * fill the form, and it is the server's sum once every field is filled.
 */
export function liveCharges(booking: CheckInBooking, fields: CheckInFields, now: Date): LiveCharges | null {
  const out = booking.counter.checkOut;
  if (!out) return null;
  const rules = booking.returnRules;
  const odometerIn = wholeNumber(fields.odometer);
  const settlement = returnCharges({
    days: rules.days,
    dayRate: rules.dayRate,
    distancePerDay: booking.car.distancePerDay,
    odometerOut: out.odometerKm,
    odometerIn: odometerIn !== null && odometerIn >= out.odometerKm ? odometerIn : out.odometerKm,
    fuelOut: out.fuelEighths,
    fuelIn: fields.fuel ?? out.fuelEighths,
    dueAt: dueBackAt(booking.returnDate, rules.returnTime),
    returnedAt: (fields.returnedAtEdited ? fromJamaicaClock(fields.returnedAt) : null) ?? now,
    damages: fields.damages.map((damage) => ({ label: damageLabel(damage), amount: damageAmount(damage) })),
    itemsMissing: itemsNotBack(fields).map((item) => ({ item: item.item, amount: itemCharge(item) })),
    cleaning: fields.cleaningNeeded ? (wholeNumber(fields.cleaning) ?? 0) : 0,
    settings: rules,
  });
  const deposit = out.deposit.amount;
  // The security deposit settles against the booking's whole balance, as the server settles it.
  const balance = booking.balance + settlement.total;
  return { ...settlement, balanceBefore: booking.balance, deposit, ...settleDeposit(deposit, balance, settlement.toBeAssessed) };
}

/** A minute of a phone's clock ahead of the server's is not the future (the server allows five). */
const CLOCK_SLACK_MS = 60_000;

export type CheckInProblems = Partial<Record<'odometer' | 'fuel' | 'returnedAt' | 'cleaning' | 'damages', string>> & {
  damage?: Record<string, string>;
  /** By the item's name: its charge is not a whole number. */
  item?: Record<string, string>;
};

/** What stops the form from being sent, in words, by field; empty when it can go. */
export function checkInProblems(booking: CheckInBooking, fields: CheckInFields, now: Date): CheckInProblems {
  const problems: CheckInProblems = {};
  const out = booking.counter.checkOut;
  const odometer = wholeNumber(fields.odometer);
  if (fields.odometer.trim() === '') problems.odometer = 'Please read the odometer.';
  else if (odometer === null || odometer > MAX_ODOMETER_KM) problems.odometer = 'The odometer reading must be a whole number of kilometres.';
  else if (out && odometer < out.odometerKm)
    problems.odometer = `The odometer reading is lower than at check-out (${out.odometerKm.toLocaleString('en-US')} km). Please read it again.`;
  if (fields.fuel === null || fields.fuel < 0 || fields.fuel > FUEL_EIGHTHS) problems.fuel = 'Please choose the fuel level on the gauge.';
  const returnedAt = fields.returnedAtEdited ? fromJamaicaClock(fields.returnedAt) : now;
  if (!returnedAt) problems.returnedAt = 'Please choose when the car came back.';
  else if (returnedAt.getTime() > now.getTime() + CLOCK_SLACK_MS) problems.returnedAt = 'The return time is in the future. Please choose it again.';
  else if (out && returnedAt.getTime() < new Date(out.at).getTime() - CLOCK_SLACK_MS)
    problems.returnedAt = 'The return time is before the car was picked up. Please choose it again.';
  if (fields.cleaningNeeded) {
    const cleaning = wholeNumber(fields.cleaning);
    if (cleaning === null || cleaning > 1_000_000) problems.cleaning = 'Please give the cleaning charge as a whole number.';
  }
  if (fields.damages.length > MAX_COUNTER_DAMAGES) problems.damages = `Please mark at most ${MAX_COUNTER_DAMAGES} damages at once.`;
  const damage: Record<string, string> = {};
  for (const draft of fields.damages) {
    if (!draft.description.trim()) damage[draft.key] = 'Please describe the damage.';
    else if (draft.description.trim().length > 300) damage[draft.key] = 'Please describe the damage in at most 300 characters.';
    else if (!draft.toBeAssessed && (wholeNumber(draft.amount) === null || (wholeNumber(draft.amount) ?? 0) > 10_000_000)) {
      damage[draft.key] = 'Please give the amount as a whole number, or tick "To be assessed".';
    }
  }
  if (Object.keys(damage).length > 0) problems.damage = damage;
  const item: Record<string, string> = {};
  for (const missing of itemsNotBack(fields)) {
    const charge = wholeNumber(missing.charge);
    if (missing.charge.trim() !== '' && (charge === null || charge > 10_000_000))
      item[missing.item] = `Please give the charge for the ${missing.item.toLowerCase()} as a whole number, or leave it empty.`;
  }
  if (Object.keys(item).length > 0) problems.item = item;
  return problems;
}

export function hasProblems(problems: CheckInProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** The `data` field and the photos, each damage naming its photo by its place among those sent. */
export function checkInRequest(fields: CheckInFields): { data: CheckInDataInput; photos: File[] } {
  const photos: File[] = [];
  const damages = fields.damages.map((draft) => {
    let photo: number | null = null;
    if (draft.photo) {
      photo = photos.length;
      photos.push(draft.photo);
    }
    return {
      zone: draft.zone,
      ...placeFields(draft.place),
      description: draft.description.trim(),
      amount: draft.toBeAssessed ? null : (wholeNumber(draft.amount) ?? 0),
      photo,
    };
  });
  const returnedAt = fields.returnedAtEdited ? fromJamaicaClock(fields.returnedAt) : null;
  return {
    data: {
      odometerKm: wholeNumber(fields.odometer) ?? 0,
      fuelEighths: fields.fuel ?? 0,
      ...(returnedAt ? { returnedAt: returnedAt.toISOString() } : {}),
      damages,
      cleaning: fields.cleaningNeeded ? (wholeNumber(fields.cleaning) ?? 0) : 0,
      itemsMissing: itemsNotBack(fields).map((item) => ({ item: item.item, amount: itemCharge(item) })),
    },
    photos,
  };
}

/** The multipart body: `data` as JSON, then the photos in their order. */
export function checkInFormData(fields: CheckInFields): FormData {
  const { data, photos } = checkInRequest(fields);
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const photo of photos) form.append('photo', photo, photo.name);
  return form;
}
