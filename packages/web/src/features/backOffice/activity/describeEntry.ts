/**
 * A history entry in plain words: "Ann Brown confirmed WR-7KQ2M9", "Price per day 8,500 → 9,000".
 * The server hands over the stored fields (column names, raw values); naming them for people is
 * this module's job, so the page only lays the sentences out.
 */
import { DELETED_CUSTOMER_NAME, type DocumentKind, PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import { DAMAGE_ZONE_WORDS, type DamageZone } from '@rental/contract/counter';
import { CHANNEL_WORDS, MESSAGE_CHANNELS } from '@rental/contract/messageChannels';
import type { ActivityEntry, ActivityKind } from '@rental/contract/schemas';
import { dateParts, MONTHS } from '../../../lib/dates';
import { describeCashUp, describePayment, describePrices } from './describeMoney';
import { describeStaffEntry } from '../staff/describeStaffEntry';

export interface EntryDescription {
  /** Who did what to what. */
  headline: string;
  /** One line per field that changed: "Price per day 8,500 → 9,000". */
  changes: string[];
}

type Fields = Record<string, unknown>;
type Shown = (value: unknown) => string;

const amount: Shown = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : shown(value));
const yesNo: Shown = (value) => (value === true ? 'yes' : value === false ? 'no' : shown(value));

/** Any stored value as a short phrase; null is "not set". */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'not set';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(shown).join('; ');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

interface Field {
  label: string;
  show?: Shown;
  /** Long or opaque values (a description, a picture's id): say that it changed, not what to. */
  changedOnly?: boolean;
}

/** The fields people edit, by their stored names; anything else falls back to its name in words. */
const FIELDS: Partial<Record<ActivityKind, Record<string, Field>>> = {
  car: {
    brand: { label: 'Brand' },
    model: { label: 'Model' },
    year: { label: 'Year', show: String },
    price_per_day: { label: 'Price per day', show: amount },
    category: { label: 'Category' },
    transmission: { label: 'Transmission' },
    fuel_type: { label: 'Fuel' },
    seating_capacity: { label: 'Seats' },
    location: { label: 'Location' },
    description: { label: 'Description', changedOnly: true },
    image_id: { label: 'Cover picture', changedOnly: true },
    is_available: { label: 'Available to book', show: yesNo },
    doors: { label: 'Doors', show: (v) => (v === null ? 'the usual 4' : shown(v)) },
    distance_per_day: { label: 'Distance per day', show: (v) => (v === null ? 'the usual 500 km' : `${shown(v)} km`) },
  },
  bank_details: {
    bank_name: { label: 'Bank' },
    account_holder_name: { label: 'Account holder' },
    branch: { label: 'Branch' },
    account_number: { label: 'Account number' },
    account_type: { label: 'Account type' },
  },
  company: {
    name: { label: 'Company name' },
    phone: { label: 'Phone' },
    email: { label: 'E-mail' },
    address: { label: 'Address' },
    chatUrl: { label: 'WhatsApp link' },
    mapUrl: { label: 'Map link', changedOnly: true },
    openingHours: { label: 'Opening hours' },
    locations: { label: 'Pickup locations' },
    securityDeposit: { label: 'Security deposit', show: amount },
    currency: { label: 'Currency' },
    minDriverAge: { label: 'Youngest driver age' },
    minLicenceYears: { label: 'Years a licence must be held' },
    gctPercent: { label: 'GCT', show: (v) => (typeof v === 'number' ? `${v}%` : shown(v)) },
    trn: { label: 'TRN' },
  },
  customer: {
    licence_number: { label: 'Licence number' },
    licence_country: { label: 'Issuing country' },
    licence_issued: { label: 'Licence issue date' },
    licence_expires: { label: 'Licence expiry date' },
    date_of_birth: { label: 'Date of birth' },
  },
  block: {
    note: { label: 'Note' },
  },
  damage: {
    zone: { label: 'Where', show: (v) => DAMAGE_ZONE_WORDS[String(v) as DamageZone] ?? shown(v) },
    description: { label: 'Description' },
    amount: { label: 'Charged', show: (v) => (v === null ? 'to be assessed' : amount(v)) },
    repaired_at: { label: 'Repaired', show: (v) => (v ? 'yes' : 'no') },
  },
};

/** "price_per_day" or "openingHours" → "Price per day", "Opening hours". */
function words(name: string): string {
  const spaced = name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function fieldChanges(kind: ActivityKind, before: Fields, after: Fields, skip: readonly string[] = []): string[] {
  const known = FIELDS[kind] ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => !skip.includes(name));
  return names.map((name) => {
    const field = known[name] ?? { label: words(name) };
    if (field.changedOnly) return `${field.label} changed`;
    const show = field.show ?? shown;
    return `${field.label} ${show(before[name] ?? null)} → ${show(after[name] ?? null)}`;
  });
}

/** Every field of something saved the first time: "Bank NCB". */
function fieldValues(kind: ActivityKind, fields: Fields): string[] {
  const known = FIELDS[kind] ?? {};
  return Object.entries(fields).map(([name, value]) => {
    const field = known[name] ?? { label: words(name) };
    return `${field.label} ${(field.show ?? shown)(value)}`;
  });
}

/** "3–5 Dec", "28 Nov – 2 Dec", "30 Dec 2026 – 2 Jan 2027". */
export function dayRange(from: unknown, to: unknown): string {
  const a = typeof from === 'string' ? dateParts(from) : null;
  const b = typeof to === 'string' ? dateParts(to) : null;
  if (!a || !b) return `${shown(from)} – ${shown(to)}`;
  if (a.y !== b.y) return `${a.d} ${MONTHS[a.m - 1]} ${a.y} – ${b.d} ${MONTHS[b.m - 1]} ${b.y}`;
  if (a.m !== b.m) return `${a.d} ${MONTHS[a.m - 1]} – ${b.d} ${MONTHS[b.m - 1]}`;
  return a.d === b.d ? `${a.d} ${MONTHS[a.m - 1]}` : `${a.d}–${b.d} ${MONTHS[a.m - 1]}`;
}

/** What is paid, in the words staff read everywhere; entries from before the folio may say deposit_received. */
const PAYMENT_WORDS: Record<string, string> = { ...PAYMENT_STATUS_WORDS, deposit_received: 'Deposit received' };
const STATUS_VERB: Record<string, string> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  pending: 'set back to pending',
  on_rent: 'handed over the keys of',
  returned: 'checked in',
};

function describeBooking(who: string, entry: ActivityEntry, before: Fields, after: Fields): EntryDescription {
  const reference = entry.subjectName || 'a booking';
  // Made by staff for a walk-in or phone customer (their name read now; an erased one's is gone).
  if (entry.action === 'added') {
    const named = typeof after.customer === 'string' && after.customer && after.customer !== DELETED_CUSTOMER_NAME ? after.customer : 'a customer';
    const details = [
      after.new_customer === true ? 'A new customer, added by staff' : '',
      after.status === 'confirmed' ? 'Confirmed at once' : 'Waiting for confirmation',
    ];
    return { headline: `${who} booked ${reference} for ${named}`, changes: details.filter(Boolean) };
  }
  const changes: string[] = [];
  let headline = '';
  if ('status' in after) {
    const status = String(after.status);
    if (after.status_reason === 'expired' && !entry.actor) headline = `${reference} expired: not confirmed in time`;
    else if (status === 'no_show') headline = `${who} marked ${reference} a no-show`;
    else headline = `${who} ${STATUS_VERB[status] ?? `set to ${status}`} ${reference}`;
    if (status === 'cancelled' && after.status_reason === 'customer') changes.push('Cancelled by the customer');
    if (status === 'cancelled' && after.status_reason === 'not_approved') changes.push('Cancelled: the customer was not approved');
  }
  // A change of dates or car (decision 095): what it was and what it is.
  const datesMoved = 'pickup_date' in after;
  const carMoved = 'car_id' in after;
  if (datesMoved || carMoved || 'price' in after) {
    const what = datesMoved && carMoved ? 'dates and car' : carMoved ? 'car' : datesMoved ? 'dates' : 'price';
    if (!headline) headline = `${who} changed the ${what} of ${reference}`;
    if (datesMoved) changes.push(`Dates ${dayRange(before.pickup_date, before.return_date)} → ${dayRange(after.pickup_date, after.return_date)}`);
    if (carMoved) changes.push(`Car ${shown(before.car)} → ${shown(after.car)}`);
    if ('price' in after) changes.push(`Total ${amount(before.price)} → ${amount(after.price)}`);
  }
  if ('payment_status' in after) {
    const now = PAYMENT_WORDS[String(after.payment_status)] ?? shown(after.payment_status);
    const was = PAYMENT_WORDS[String(before.payment_status)] ?? shown(before.payment_status);
    // Alone, the payment is the headline and the detail says what it was; beside a status, it is a
    // detail. It follows the folio (a payment, a refund, a new price), so nobody "marks" it.
    if (headline) changes.push(now);
    else {
      headline = `${reference}: ${now}`;
      changes.push(`Was: ${was.toLowerCase()}`);
      if (entry.actor) changes.push(`After a change by ${entry.actor.name}`);
    }
  }
  return { headline: headline || `${who} changed ${reference}`, changes };
}

const STAGE_WORDS: Record<string, string> = { check_out: 'Found at check-out', check_in: 'Found at check-in' };

/** A damage noted on a car at the counter, charged or to be assessed, and later repaired. */
function describeDamage(who: string, entry: ActivityEntry, before: Fields, after: Fields): EntryDescription {
  const car = entry.subjectName || 'a car';
  const fields = entry.action === 'removed' ? before : { ...before, ...after };
  const zone = DAMAGE_ZONE_WORDS[String(fields.zone) as DamageZone] ?? shown(fields.zone);
  const what = `${zone.toLowerCase()}: ${shown(fields.description)}`;
  if (entry.action === 'added') {
    const changes = [STAGE_WORDS[String(after.found_stage)], typeof after.amount === 'number' ? `Charged ${amount(after.amount)}` : null].filter(
      (line): line is string => Boolean(line),
    );
    return { headline: `${who} noted a damage on ${car} (${what})`, changes };
  }
  if (entry.action === 'removed') return { headline: `${who} removed a damage of ${car} (${what})`, changes: [] };
  if (after.repaired_at && !before.repaired_at) return { headline: `${who} marked a damage of ${car} repaired (${what})`, changes: [] };
  return { headline: `${who} changed a damage of ${car}`, changes: fieldChanges('damage', before, after, ['repaired_by']) };
}

function describeCar(who: string, entry: ActivityEntry, before: Fields, after: Fields): EntryDescription {
  const car = entry.subjectName || 'a car';
  if (entry.action === 'added') {
    return { headline: `${who} added ${car}`, changes: [`Price per day ${amount(after.price_per_day)}`, `Location ${shown(after.location)}`] };
  }
  if (entry.action === 'removed') return { headline: `${who} removed ${car}`, changes: [] };
  if (before.deleted_at === null && after.deleted_at) {
    return { headline: `${who} removed ${car} from the fleet`, changes: fieldChanges('car', before, after, ['deleted_at']) };
  }
  const keys = Object.keys(after);
  if (keys.length === 1 && keys[0] === 'is_available') {
    return { headline: `${who} marked ${car} ${after.is_available ? 'available' : 'unavailable'}`, changes: [] };
  }
  return { headline: `${who} changed ${car}`, changes: fieldChanges('car', before, after) };
}

function describeBlock(who: string, entry: ActivityEntry, before: Fields, after: Fields): EntryDescription {
  const car = entry.subjectName || 'a car';
  const block = entry.action === 'removed' ? before : after;
  const days = dayRange(block.pickup_date, block.return_date);
  const note = typeof block.note === 'string' && block.note ? [`Note: ${block.note}`] : [];
  if (entry.action === 'added') return { headline: `${who} added service block ${days} for ${car}`, changes: note };
  if (entry.action === 'removed') return { headline: `${who} removed service block ${days} for ${car}`, changes: note };
  return { headline: `${who} changed a service block for ${car}`, changes: fieldChanges('block', before, after) };
}

/** A document as a sentence names it: "Brian Lee sent a passport". */
const DOCUMENT_PHRASES: Record<DocumentKind, string> = {
  licence_front: 'the front of a driving licence',
  licence_back: 'the back of a driving licence',
  passport: 'a passport',
  work_id: 'a work ID',
  proof_of_address: 'a proof of address',
};
const documentPhrase = (kind: unknown) => DOCUMENT_PHRASES[kind as DocumentKind] ?? 'a document';
const VETTING_WAS: Record<string, string> = { approved: 'Was: approved', rejected: 'Was: not approved' };
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A customer's vetting, "do not rent" mark, driver details, documents, WhatsApp and SMS choices, or erasure. The history keeps
 * which driver fields changed, never their values; the reasons staff wrote are kept and shown.
 */
function describeCustomer(who: string, entry: ActivityEntry, before: Fields, after: Fields): EntryDescription {
  const byThemselves = entry.actor !== null && entry.actor._id === entry.subjectId;
  // The customer's name, else theirs as the one who acted; an erased customer's is gone with the account.
  const named = entry.subjectName || (byThemselves ? (entry.actor?.name ?? '') : '');
  const name = named && named !== DELETED_CUSTOMER_NAME ? named : 'a customer';
  const lines: string[] = [];
  const details: string[] = [];
  if (after.erased === true) lines.push(byThemselves || !entry.actor ? 'A customer erased their account' : `${who} erased ${name}’s account`);
  if ('vetting_status' in after) {
    const status = after.vetting_status;
    if (status === 'approved') lines.push(`${who} approved ${name}`);
    else if (status === 'rejected') {
      lines.push(`${who} did not approve ${name}`);
      // The reason itself stays on the customer's card (and goes with their account): the history keeps no personal words.
      if (after.vetting_reason_given === true) details.push('The customer was told the reason (on the driver checks page)');
    } else if (status === 'waiting') {
      lines.push(`${capital(name)}’s driver details wait for a check`);
      const was = VETTING_WAS[String(before.vetting_status)];
      if (was) details.push(was);
    } else if (status === 'not_submitted') lines.push(`${capital(name)} has no driver details now`);
  }
  if ('do_not_rent' in after) {
    if (after.do_not_rent === true) {
      lines.push(`${who} marked ${name} do not rent`);
    } else lines.push(`${who} removed the do not rent mark from ${name}`);
  }
  for (const channel of MESSAGE_CHANNELS) {
    if (!(channel in after)) continue;
    const what = `${CHANNEL_WORDS[channel]} messages`;
    // A STOP or START answered to a message has no one on the site behind it: the customer's own reply.
    if (after[channel] === true) lines.push(entry.actor ? `${who} turned on ${what}` : `${capital(name)} turned ${what} back on by answering START`);
    else if (after[`${channel}_stopped_by`] === 'stop_reply') lines.push(`${capital(name)} stopped ${what} by answering STOP`);
    else lines.push(byThemselves ? `${who} turned off ${what}` : `${capital(what)} to ${name} were turned off`);
  }
  if (after.driver_details === 'given') lines.push(`${capital(name)} gave their driver details`);
  else if (after.driver_details === 'erased') lines.push(`${capital(name)}’s driver details were erased`);
  if ('document_added' in after)
    lines.push(byThemselves ? `${who} sent ${documentPhrase(after.document_added)}` : `${who} added ${documentPhrase(after.document_added)} for ${name}`);
  if ('document_removed' in after) {
    const what = documentPhrase(after.document_removed);
    lines.push(byThemselves ? `${who} removed ${what}` : entry.actor ? `${who} removed ${what} of ${name}` : `${capital(what)} of ${name} was removed`);
  }
  const changedFields = Object.keys(after).filter((key) => after[key] === 'changed');
  if (changedFields.length > 0) {
    lines.push(byThemselves ? `${who} changed their driver details` : `${capital(name)}’s driver details changed`);
    details.push(...changedFields.map((key) => `${(FIELDS.customer?.[key] ?? { label: words(key) }).label} changed`));
  }
  const [headline, ...more] = lines;
  if (!headline) return { headline: `${who} changed ${name}`, changes: fieldChanges('customer', before, after) };
  return { headline, changes: [...more, ...details] };
}

export function describeEntry(entry: ActivityEntry): EntryDescription {
  // Only the hold sweeper changes things without a person behind it.
  const who = entry.actor?.name ?? 'The site';
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  switch (entry.kind) {
    case 'booking':
      return describeBooking(who, entry, before, after);
    case 'car':
      return describeCar(who, entry, before, after);
    case 'block':
      return describeBlock(who, entry, before, after);
    case 'bank_details':
      return entry.action === 'added'
        ? { headline: `${who} saved the bank details`, changes: fieldValues('bank_details', after) }
        : { headline: `${who} changed the bank details`, changes: fieldChanges('bank_details', before, after) };
    case 'company':
      return { headline: `${who} changed the company settings`, changes: fieldChanges('company', before, after) };
    case 'customer':
      return describeCustomer(who, entry, before, after);
    case 'prices':
      return describePrices(who, entry, before, after);
    case 'payment':
      return describePayment(who, entry, before, after);
    case 'damage':
      return describeDamage(who, entry, before, after);
    case 'staff':
      return describeStaffEntry(who, entry, before, after);
    case 'cash_up':
      return describeCashUp(who, entry, after);
  }
}

/** The filter's choices, in the words of the menu. */
export const KIND_CHOICES: { value: ActivityKind | ''; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'booking', label: 'Bookings' },
  { value: 'car', label: 'Cars' },
  { value: 'block', label: 'Service blocks' },
  { value: 'bank_details', label: 'Bank details' },
  { value: 'company', label: 'Company settings' },
  { value: 'customer', label: 'Customers' },
  { value: 'prices', label: 'Prices and extras' },
  { value: 'payment', label: 'Card payments' },
  { value: 'damage', label: 'Car damages' },
  { value: 'staff', label: 'Staff accounts' },
  { value: 'cash_up', label: 'Cash-ups' },
];
