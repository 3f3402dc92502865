import { DEFAULT_PRICE_RULES, type Extra } from '@rental/contract/quote';
import { describe, expect, it } from 'vitest';
import { paymentOutcome, paymentOutcomeText } from './cardPaymentWords';
import {
  ADDRESS_NEEDED,
  choicesBody,
  choicesFromSearch,
  choicesOffered,
  choicesSearch,
  choicesState,
  deliveryPlaces,
  deliveryProblem,
  FLIGHT_NUMBER_NEEDED,
  NO_CHOICES,
  offersChoices,
  type PriceChoices,
} from './priceChoices';

const SEAT = '0b6f3f0e-4b7d-4c55-9d8e-7a1f2c3d4e5f';
const WAIVER = '1c7a4e1f-5c8e-4d66-8e9f-8b2a3d4e5f60';

const extra = (id: string, maxPerBooking: number): Extra => ({ id, name: id, description: '', charge: 'per_day', price: 500, maxPerBooking, stock: null });

describe('choices carried from the car page to the payment step', () => {
  const chosen: PriceChoices = {
    extras: { [SEAT]: 2, [WAIVER]: 1 },
    additionalDrivers: 1,
    delivery: { place: 'airport', flightNumber: 'JM 123', address: '' },
  };

  it('go into the address and come back the same', () => {
    const search = choicesSearch(chosen);
    expect(search).toBe(`?extras=${SEAT}:2,${WAIVER}:1&drivers=1&delivery=airport&flight=JM+123`);
    expect(choicesFromSearch(search)).toEqual(chosen);
  });

  it('leave nothing in the address when nothing is chosen', () => {
    expect(choicesSearch(NO_CHOICES)).toBe('');
    expect(choicesFromSearch('')).toEqual(NO_CHOICES);
  });

  it('keep a delivery address out of the address bar, in the history state instead', () => {
    const inKingston: PriceChoices = { ...NO_CHOICES, delivery: { place: 'kingston', flightNumber: '', address: '12 Hope Road' } };
    expect(choicesSearch(inKingston)).toBe('?delivery=kingston');
    expect(choicesState(inKingston)).toEqual({ deliveryAddress: '12 Hope Road' });
    expect(choicesFromSearch('?delivery=kingston', '12 Hope Road')).toEqual(inKingston);
    // An address handed over for no address delivery is not used.
    expect(choicesFromSearch('?delivery=airport&flight=AA1234', '12 Hope Road').delivery).toEqual({ place: 'airport', flightNumber: 'AA1234', address: '' });
  });

  it('leave out what a link edited by hand gets wrong', () => {
    expect(choicesFromSearch(`?extras=${SEAT}:0,${WAIVER}:99,:2,x:y&drivers=7&delivery=moon`)).toEqual(NO_CHOICES);
    expect(choicesFromSearch('?drivers=3').additionalDrivers).toBe(3);
  });
});

describe('choices sent with the quote and the booking', () => {
  it('send only what was chosen', () => {
    expect(choicesBody(NO_CHOICES)).toEqual({});
    expect(
      choicesBody({ extras: { [SEAT]: 1 }, additionalDrivers: 2, delivery: { place: 'portmore', flightNumber: '', address: ' 4 Braeton Parkway ' } }),
    ).toEqual({
      extras: [{ id: SEAT, quantity: 1 }],
      additionalDrivers: 2,
      delivery: { place: 'portmore', address: '4 Braeton Parkway' },
    });
  });

  it('leave out a delivery until its flight number or address is written, and say what is missing', () => {
    const airport: PriceChoices = { ...NO_CHOICES, delivery: { place: 'airport', flightNumber: ' ', address: '' } };
    expect(choicesBody(airport)).toEqual({});
    expect(deliveryProblem(airport)).toBe(FLIGHT_NUMBER_NEEDED);
    expect(deliveryProblem({ ...NO_CHOICES, delivery: { place: 'kingston', flightNumber: '', address: '' } })).toBe(ADDRESS_NEEDED);
    expect(deliveryProblem(NO_CHOICES)).toBeNull();
  });
});

describe('what the company offers', () => {
  const offer = {
    rules: { ...DEFAULT_PRICE_RULES, additionalDriverPerDay: 0, delivery: { airport: 3000, portmore: null, kingston: 0 } },
    extras: [extra(SEAT, 2)],
  };

  it('names only the delivery places with a fee set, a free one included', () => {
    expect(deliveryPlaces(offer.rules)).toEqual(['airport', 'kingston']);
    expect(offersChoices({ rules: DEFAULT_PRICE_RULES, extras: [] })).toBe(false);
    expect(offersChoices(offer)).toBe(true);
  });

  it('drops choices it can no longer sell: a withdrawn extra, more than the most, free drivers, a place not served', () => {
    const kept = choicesOffered(
      { extras: { [SEAT]: 5, [WAIVER]: 1 }, additionalDrivers: 2, delivery: { place: 'portmore', flightNumber: '', address: 'Braeton' } },
      offer,
    );
    expect(kept).toEqual({ extras: { [SEAT]: 2 }, additionalDrivers: 0, delivery: NO_CHOICES.delivery });
  });
});

describe('coming back from the card page', () => {
  it('reads only the outcomes the server sends', () => {
    expect(paymentOutcome('?payment=paid')).toBe('paid');
    expect(paymentOutcome('?payment=failed&x=1')).toBe('failed');
    expect(paymentOutcome('?payment=unverified')).toBe('unverified');
    expect(paymentOutcome('?payment=maybe')).toBeNull();
    expect(paymentOutcome('')).toBeNull();
  });

  it('says what happened in plain words, with the provider’s own words when the card was refused', () => {
    expect(paymentOutcomeText('paid', null)).toBe('Your card payment went through: the booking is paid.');
    expect(paymentOutcomeText('failed', 'Insufficient funds.')).toBe(
      'Your card was not charged: Insufficient funds. You can try again or choose another way to pay.',
    );
    expect(paymentOutcomeText('failed', null)).toBe('Your card was not charged. You can try again or choose another way to pay.');
    expect(paymentOutcomeText('unverified', null)).toMatch(/^We could not confirm your card payment yet\. Please do not pay again/);
  });
});
