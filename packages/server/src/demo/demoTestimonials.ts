/**
 * What the demo company's customers said: the SPEC's four testimonials. A real install starts with
 * none, and its home page shows none until its owner enters what its own customers said.
 */
import type { Testimonial } from '@rental/contract';

export const DEMO_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Shanice W.',
    place: 'Kingston',
    text: 'The car was spotless and the pickup took ten minutes. Booking online was easy and the price was exactly what the site said.',
    stars: 5,
  },
  {
    name: 'Andre M.',
    place: 'Spanish Town',
    text: 'I paid by bank deposit because I have no credit card. The team confirmed my booking the same day. Will rent again.',
    stars: 5,
  },
  {
    name: 'Keisha B.',
    place: 'Toronto, visiting family',
    text: 'Friendly staff, a reliable SUV for the whole family and clear rules. It made our trip home so much easier.',
    stars: 5,
  },
  {
    name: 'Marlon T.',
    place: 'Portmore',
    text: 'Needed a car at short notice for work. They had one ready the next morning. Great service from a local business.',
    stars: 5,
  },
];
