/**
 * The check-out form's rules, without React: what staff filled in, what is still missing in plain
 * words, and the request it becomes (the JSON `data` field and the photos in the order the damages
 * name them). The server checks the same things and answers in words; these only save a trip.
 */
import {
  DAMAGE_ZONE_WORDS,
  type DamageZone,
  type DepositMethod,
  MAX_COUNTER_DAMAGES,
  MAX_COUNTER_PHOTOS,
  MAX_ODOMETER_KM,
  sameLicence,
} from '@rental/contract/counter';
import type { FolioMethod } from '@rental/contract/folio';
import { typedAmount } from '@rental/contract/numbers';
import type { AgreementPreviewBodyInput, CheckOutDataInput, CheckOutRequestInput } from '@rental/contract/schemas';
import type { PinPlace } from '../../damages/CarDiagram';
import { placeFields } from '../../damages/pins';

/** What staff commonly hand over with the keys; anything else goes in the free text. */
export const COMMON_ITEMS = ['Spare tyre', 'Jack', 'Child seat', 'GPS', 'Phone charger'] as const;

export interface NewDamage {
  /** Tells the rows apart while staff add and remove them (never sent). */
  key: string;
  zone: DamageZone;
  /** Its pin on the car's drawing; null: marked by zone only. */
  place: PinPlace | null;
  description: string;
  /** The photo as it will be sent (already made small), or none. */
  photo: File | null;
}

export interface CheckOutForm {
  licenceSeen: string;
  /** Read off the customer's proof of address: printed on the agreement. */
  renterAddress: string;
  /** As typed: digits, perhaps with spaces or commas. */
  odometer: string;
  /** Eighths of a tank; null until staff read the gauge. */
  fuelEighths: number | null;
  existingDamagesConfirmed: boolean;
  damages: NewDamage[];
  items: string[];
  otherItem: string;
  depositAmount: string;
  depositMethod: DepositMethod | null;
  depositReference: string;
  /** The booking's balance, when one is owing: paid now at the counter, or (owners and managers) at return. */
  money: 'pay_now' | 'pay_at_return' | null;
  paymentMethod: FolioMethod | null;
  paymentReference: string;
  payAtReturnReason: string;
  /** PNG data URLs as the pads give them; null while nothing is drawn. */
  signature: string | null;
  staffSignature: string | null;
  /** Checked in online: the keys ticked as handed over (they go on the condition appendix). */
  keysHandedOver: boolean;
}

/** The booking's own deposit when it was quoted with one, else the company's. */
export function depositToTake(booking: { quote: { securityDeposit: number } | null }, companyDeposit: number): number {
  return booking.quote?.securityDeposit ?? companyDeposit;
}

/**
 * The items the customer booked as extras (a child seat, a GPS), ticked before staff look: the
 * company names its extras, so an extra whose name holds one of the common items is that item.
 * Extras that are no thing in the hand (the damage waiver, delivery) tick nothing.
 */
export function bookedItems(quote: { lines?: readonly { kind: string; label: string }[] } | null): string[] {
  const labels = (quote?.lines ?? []).filter((line) => line.kind === 'extra').map((line) => line.label.toLowerCase());
  return COMMON_ITEMS.filter((item) => labels.some((label) => label.includes(item.toLowerCase())));
}

export function initialCheckOutForm(
  booking: { quote: { securityDeposit: number; lines?: readonly { kind: string; label: string }[] } | null; car: { odometerKm: number } },
  companyDeposit: number,
): CheckOutForm {
  return {
    licenceSeen: '',
    renterAddress: '',
    // Empty: staff read it off the dashboard (the car's last reading is shown beside it, not typed for them).
    odometer: '',
    fuelEighths: null,
    existingDamagesConfirmed: false,
    damages: [],
    items: bookedItems(booking.quote),
    otherItem: '',
    depositAmount: String(depositToTake(booking, companyDeposit)),
    depositMethod: null,
    depositReference: '',
    money: null,
    paymentMethod: null,
    paymentReference: '',
    payAtReturnReason: '',
    signature: null,
    staffSignature: null,
    keysHandedOver: false,
  };
}

export type LicenceCheck = 'not_typed' | 'matches' | 'differs' | 'none_on_file';

/** The number typed off the card against the driver's details, as people copy it (case, spaces, dashes aside). */
export function checkLicence(seen: string, onFile: string | null): LicenceCheck {
  if (!onFile) return 'none_on_file';
  if (!seen.trim()) return 'not_typed';
  return sameLicence(seen, onFile) ? 'matches' : 'differs';
}

/** "12 345" or "12,345" → 12345; null when it is not a whole number of kilometres. */
export function odometerKm(typed: string): number | null {
  const plain = typed.replace(/[\s,.]/g, '');
  if (!/^\d{1,9}$/.test(plain)) return null;
  return Number(plain);
}

/** A warning, not a refusal yet: the server refuses a reading below the car's last one. */
export function odometerWarning(typed: string, carKm: number): string | null {
  const km = odometerKm(typed);
  if (km === null || km >= carKm) return null;
  return `That is lower than the car's last reading (${carKm.toLocaleString('en-US')} km). Please read the odometer again.`;
}

/** The deposit typed ("12345", "JMD 12,345"), read by the contract's one reader; null unless a whole amount, 0 or more. */
export function wholeAmount(typed: string): number | null {
  const amount = typedAmount(typed);
  return amount !== null && amount >= 0 ? amount : null;
}

/** The items handed over: the ticked common ones, then the free text (commas separate several). */
export function itemsHandedOver(form: Pick<CheckOutForm, 'items' | 'otherItem'>): string[] {
  const others = form.otherItem
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const all = [
    ...COMMON_ITEMS.filter((item) => form.items.includes(item)),
    ...form.items.filter((item) => !(COMMON_ITEMS as readonly string[]).includes(item)),
    ...others,
  ];
  return [...new Set(all)];
}

type FormBooking = { licenceNumber: string | null; car: { odometerKm: number }; balance?: number };

/** What is still missing or wrong before the keys can go, in plain words, in the order of the form. */
export function missingBeforeHandOver(form: CheckOutForm, booking: FormBooking): string[] {
  return [...missingBeforeAgreement(form, booking), ...missingBeforeSigning(form)];
}

/** What the agreement needs before it can be shown to the customer: everything but the signatures. */
export function missingBeforeAgreement(form: CheckOutForm, booking: FormBooking, checkedInOnline = false): string[] {
  const missing: string[] = [];
  // Checked in online: the licence and the address were given on the phone.
  if (!checkedInOnline) missing.push(...missingPaperwork(form, booking));
  const km = odometerKm(form.odometer);
  if (km === null) missing.push('Type the odometer reading in whole kilometres.');
  else if (km > MAX_ODOMETER_KM) missing.push('The odometer reading is too high. Please read it again.');
  else if (km < booking.car.odometerKm) missing.push("The odometer reading is lower than the car's last reading.");
  if (form.fuelEighths === null) missing.push('Choose how much fuel is in the tank.');
  if (!form.existingDamagesConfirmed) missing.push('Confirm the damages already noted are still as noted.');
  if (form.damages.length > MAX_COUNTER_DAMAGES) missing.push(`Mark at most ${MAX_COUNTER_DAMAGES} new damages at once.`);
  form.damages.forEach((damage, index) => {
    if (!damage.description.trim()) missing.push(`Describe new damage ${index + 1} (${DAMAGE_ZONE_WORDS[damage.zone].toLowerCase()}).`);
  });
  if (form.damages.filter((damage) => damage.photo).length > MAX_COUNTER_PHOTOS) missing.push(`Add at most ${MAX_COUNTER_PHOTOS} photos.`);
  if (wholeAmount(form.depositAmount) === null) missing.push('Type the security deposit taken as a whole amount (0 if none).');
  if (!form.depositMethod) missing.push('Choose how the security deposit was taken.');
  if ((booking.balance ?? 0) > 0) {
    if (form.money === null) missing.push('Take the payment of the balance, or choose pay at return.');
    else if (form.money === 'pay_now' && !form.paymentMethod) missing.push('Choose how the balance was paid.');
    else if (form.money === 'pay_at_return' && !form.payAtReturnReason.trim()) missing.push('Give the reason the customer may pay at return.');
  }
  return missing;
}

function missingPaperwork(form: CheckOutForm, booking: FormBooking): string[] {
  const missing: string[] = [];
  const licence = checkLicence(form.licenceSeen, booking.licenceNumber);
  if (licence === 'none_on_file') missing.push('The customer has not given their licence details yet.');
  else if (licence === 'not_typed') missing.push("Type the licence number from the customer's card.");
  else if (licence === 'differs') missing.push("The licence number typed does not match the customer's driver details.");
  if (!form.renterAddress.trim()) missing.push("Type the renter's address from their proof of address.");
  return missing;
}

/** Checked in online (decision 125): the car, the money, the keys and the staff's signature. */
export function missingBeforeShortHandOver(form: CheckOutForm, booking: FormBooking): string[] {
  return [
    ...missingBeforeAgreement(form, booking, true),
    ...(form.keysHandedOver ? [] : ['Tick the keys as handed over.']),
    ...(form.staffSignature ? [] : ['Sign as the staff member handing over the keys.']),
  ];
}

/** The short check-out's request: no licence, address or customer's signature (given online); the keys listed first. */
export function buildShortCheckOut(form: CheckOutForm, balance = 0): { data: CheckOutRequestInput; photos: File[] } {
  const { data, photos } = buildCheckOut(form, balance);
  const { licenceNumber: _licence, renterAddress: _address, signature: _signature, ...rest } = data;
  return { data: { ...rest, items: form.keysHandedOver ? ['Keys', ...(rest.items ?? [])] : rest.items }, photos };
}

/** What the signatures still need once the agreement is shown: both drawn. */
export function missingBeforeSigning(form: Pick<CheckOutForm, 'signature' | 'staffSignature'>): string[] {
  const missing: string[] = [];
  if (!form.signature) missing.push('Have the customer sign.');
  if (!form.staffSignature) missing.push('Sign as the staff member handing over the keys.');
  return missing;
}

/**
 * The request: the form's JSON and its photos. A damage with a photo names it by its place among
 * the photos sent (0 is the first), so the photos go in the order of the damages.
 */
export function buildCheckOut(form: CheckOutForm, balance = 0): { data: CheckOutDataInput; photos: File[] } {
  const photos: File[] = [];
  const damages = form.damages.map((damage) => {
    let photo: number | null = null;
    if (damage.photo) {
      photo = photos.length;
      photos.push(damage.photo);
    }
    return { zone: damage.zone, ...placeFields(damage.place), description: damage.description.trim(), photo };
  });
  const data: CheckOutDataInput = {
    licenceNumber: form.licenceSeen.trim(),
    renterAddress: form.renterAddress.trim(),
    odometerKm: odometerKm(form.odometer) ?? Number.NaN,
    fuelEighths: form.fuelEighths ?? Number.NaN,
    existingDamagesConfirmed: form.existingDamagesConfirmed as true,
    damages,
    items: itemsHandedOver(form),
    deposit: {
      amount: wholeAmount(form.depositAmount) ?? Number.NaN,
      method: form.depositMethod ?? ('' as DepositMethod),
      reference: form.depositReference.trim(),
    },
    signature: form.signature ?? '',
    ...(form.staffSignature ? { staffSignature: form.staffSignature } : {}),
    // The whole balance, as the server asks; nothing when nothing is owing.
    ...(balance > 0 && form.money === 'pay_now'
      ? { payment: { method: form.paymentMethod ?? ('' as FolioMethod), amount: balance, reference: form.paymentReference.trim() } }
      : {}),
    ...(balance > 0 && form.money === 'pay_at_return' ? { payAtReturn: { reason: form.payAtReturnReason.trim() } } : {}),
  };
  return { data, photos };
}

/** The agreement shown before signing is asked for with the form as it stands: its data without the signatures. */
export function previewOf(form: CheckOutForm, balance = 0): AgreementPreviewBodyInput {
  const { signature: _signature, staffSignature: _staffSignature, ...data } = buildCheckOut(form, balance).data;
  return data;
}

/** The multipart body: `data` first, then each `photo` in order. */
export function checkOutFormData(built: { data: CheckOutRequestInput; photos: File[] }): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(built.data));
  for (const photo of built.photos) body.append('photo', photo, photo.name);
  return body;
}

let nextKey = 0;
/** A new damage where the car's drawing was tapped, to be described. */
export function newDamage(zone: DamageZone, place: PinPlace | null = null): NewDamage {
  nextKey += 1;
  return { key: `damage-${nextKey}`, zone, place, description: '', photo: null };
}
