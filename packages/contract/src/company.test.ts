import { describe, expect, it } from 'vitest';
import { aboutIntro, DEFAULT_COMPANY, detailsFor, heroHeadline, placeOf, placeWithAddress } from './company';

const company = {
  ...DEFAULT_COMPANY,
  name: 'Ocho Rios Car Hire',
  address: 'Ocho Rios, St. Ann',
  openingHours: 'Mon–Sat 8:00–17:00',
  locations: ['Ocho Rios', 'Runaway Bay'],
  locationDetails: [
    { name: 'Ocho Rios', address: '14 Main Street, Ocho Rios', openingHours: 'Every day 7:00–19:00' },
    { name: 'Runaway Bay', address: '', openingHours: '' },
  ],
};

describe("the company's places", () => {
  it('gives each place its own address and hours, else the company’s', () => {
    expect(placeOf(company, 'Ocho Rios')).toEqual(company.locationDetails[0]);
    expect(placeOf(company, 'Runaway Bay')).toEqual({ name: 'Runaway Bay', address: 'Ocho Rios, St. Ann', openingHours: 'Mon–Sat 8:00–17:00' });
    expect(placeWithAddress(company, 'Ocho Rios')).toBe('Ocho Rios (14 Main Street, Ocho Rios)');
    // No address of its own: the name alone (the company's address is in the letter's footer).
    expect(placeWithAddress(company, 'Runaway Bay')).toBe('Runaway Bay');
  });

  it('keeps the details of the places a save names, in its order, the new ones empty', () => {
    expect(detailsFor(['Negril', 'Ocho Rios'], undefined, company.locationDetails)).toEqual([
      { name: 'Negril', address: '', openingHours: '' },
      company.locationDetails[0],
    ]);
  });

  it('says the home headline and the About introduction from the places unless the company wrote its own', () => {
    expect(heroHeadline(company)).toBe('Rent the right car in Ocho Rios');
    expect(heroHeadline({ ...company, heroText: 'Cars by the sea' })).toBe('Cars by the sea');
    expect(aboutIntro(company)).toMatch(/^We are a local car rental company in Ocho Rios\./);
    expect(aboutIntro({ ...company, aboutText: 'A family firm.' })).toBe('A family firm.');
  });
});
