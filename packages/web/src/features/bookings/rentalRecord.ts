/** The counter's record of a booking in the customer's words: the keys going out, and coming back. */
import { DAMAGE_ZONE_WORDS, DEPOSIT_METHOD_WORDS } from '@rental/contract/counter';
import type { CounterRecord } from '@rental/contract/schemas';

type Money = (amount: number) => string;
type CheckOut = NonNullable<CounterRecord['checkOut']>;
type CheckIn = NonNullable<CounterRecord['checkIn']>;

export function odometerWords(km: number): string {
  return `${km.toLocaleString('en-US')} km`;
}

/** "$15,000 JMD by card"; a card's or transfer's reference, when staff wrote one, after it. */
export function depositWords(deposit: CheckOut['deposit'], money: Money): string {
  const how = `${money(deposit.amount)} by ${DEPOSIT_METHOD_WORDS[deposit.method].toLowerCase()}`;
  return deposit.reference ? `${how} (${deposit.reference})` : how;
}

export function itemsWords(items: string[]): string {
  return items.length === 0 ? 'None' : items.join(', ');
}

export function damageWords(damage: { zone: keyof typeof DAMAGE_ZONE_WORDS; description: string }): string {
  return `${DAMAGE_ZONE_WORDS[damage.zone]}: ${damage.description}`;
}

/** "Your receipt R-2026-000123 (PDF)" */
export function receiptLinkWords(receiptNumber: string): string {
  return `Your receipt ${receiptNumber} (PDF)`;
}

/** What the return came to: the security deposit first goes to what the booking owes, what it does not cover is still to pay. */
export function settlementRows(checkIn: CheckIn, money: Money): [string, string][] {
  const deposit: [string, string][] =
    checkIn.depositHeld > 0
      ? [['Security deposit held', money(checkIn.depositHeld)]]
      : [
          ['Security deposit refunded', money(checkIn.depositRefunded)],
          ['Security deposit kept', money(checkIn.depositKept)],
        ];
  return [...deposit, ['Still to pay', checkIn.owing > 0 ? money(checkIn.owing) : 'Nothing']];
}

export const TO_BE_ASSESSED_NOTE =
  'A damage found at the return is still to be assessed: we hold the security deposit until it is, then tell you what it costs and refund the rest.';
