/** The home page's static copy: the company's promises, its process and what customers said. */
import { PAYMENT_METHOD_NAMES } from '@rental/contract/constants';
import { PAYMENT_WAYS_IN_SHORT } from '@rental/contract/paymentWords';

export const FEATURES = [
  { title: 'Well-kept fleet', text: 'Every car is cleaned and checked before each rental.' },
  { title: 'Clear prices', text: 'One daily rate, shown before you book. No surprises at the counter.' },
  { title: 'No credit card needed', text: PAYMENT_WAYS_IN_SHORT },
  { title: 'Local support', text: 'A real person in Portmore answers when you call.' },
] as const;

export const STEPS = [
  { title: 'Choose your car', text: 'Browse the fleet and pick the vehicle that fits your trip.' },
  { title: 'Pick your dates', text: 'Select pickup and return dates and see the price at once.' },
  {
    title: 'Confirm and pay',
    text: `Choose ${PAYMENT_METHOD_NAMES.upfront} (at our office when you collect the car) or ${PAYMENT_METHOD_NAMES.cash_deposit} (into our bank account beforehand).`,
  },
  { title: 'Drive away', text: 'Collect the keys in Waterford, Portmore and enjoy the road.' },
] as const;

export const TESTIMONIALS = [
  {
    name: 'Shanice W.',
    place: 'Kingston',
    text: 'The car was spotless and the pickup took ten minutes. Booking online was easy and the price was exactly what the site said.',
  },
  {
    name: 'Andre M.',
    place: 'Spanish Town',
    text: 'I paid by bank deposit because I have no credit card. The team confirmed my booking the same day. Will rent again.',
  },
  {
    name: 'Keisha B.',
    place: 'Toronto, visiting family',
    text: 'Friendly staff, a reliable SUV for the whole family and clear rules. It made our trip home so much easier.',
  },
  {
    name: 'Marlon T.',
    place: 'Portmore',
    text: 'Needed a car at short notice for work. They had one ready the next morning. Great service from a local business.',
  },
] as const;
