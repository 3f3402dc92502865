/** The home page's copy: the company's promises and its process, with its own places (company settings). */
import type { CompanyFacts } from '@rental/contract/company';
import { PAYMENT_METHOD_NAMES } from '@rental/contract/constants';
import { PAYMENT_WAYS_IN_SHORT } from '@rental/contract/paymentWords';

type Places = Pick<CompanyFacts, 'locations'>;

/** "Ocho Rios", "Ocho Rios or Negril": where the keys are handed over. */
function pickupPlaces({ locations }: Places): string {
  if (locations.length === 0) return 'at our office';
  return `in ${locations.length === 1 ? locations[0] : `${locations.slice(0, -1).join(', ')} or ${locations.at(-1)}`}`;
}

export const FEATURES = [
  { title: 'Well-kept fleet', text: 'Every car is cleaned and checked before each rental.' },
  { title: 'Clear prices', text: 'One daily rate, shown before you book. No surprises at the counter.' },
  { title: 'No credit card needed', text: PAYMENT_WAYS_IN_SHORT },
  { title: 'Local support', text: 'A real person at our office answers when you call.' },
];

export const steps = (company: Places) => [
  { title: 'Choose your car', text: 'Browse the fleet and pick the vehicle that fits your trip.' },
  { title: 'Pick your dates', text: 'Select pickup and return dates and see the price at once.' },
  {
    title: 'Confirm and pay',
    text: `Choose ${PAYMENT_METHOD_NAMES.upfront} (at our office when you collect the car) or ${PAYMENT_METHOD_NAMES.cash_deposit} (into our bank account beforehand).`,
  },
  { title: 'Drive away', text: `Collect the keys ${pickupPlaces(company)} and enjoy the road.` },
];
