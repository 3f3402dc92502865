import type { Car } from '@rental/contract/schemas';
import { describe, expect, it } from 'vitest';
import { carDataJson, carFormFromCar, EMPTY_CAR_FORM, odometerLowered, odometerProblem, plateAsTyped, validateCarForm } from './carForm';

const LOCATIONS = ['Waterford, Portmore'];
const FILLED = {
  ...EMPTY_CAR_FORM,
  brand: 'Toyota',
  model: 'Corolla',
  year: '2022',
  pricePerDay: '6500',
  category: 'Sedan',
  transmission: 'Automatic',
  fuel_type: 'Petrol',
  seating_capacity: '5',
  location: LOCATIONS[0]!,
  description: 'A reliable sedan.',
};
const sent = (values: typeof FILLED) => JSON.parse(carDataJson(values)) as Record<string, unknown>;

describe('the car form’s plate and odometer', () => {
  it('shows the plate in capitals as it is typed', () => {
    expect(plateAsTyped('1234 ab')).toBe('1234 AB');
  });

  it('sends the plate in capitals and the odometer as a number', () => {
    const values = { ...FILLED, plate: ' 9876 jm ', odometerKm: '42000' };
    expect(validateCarForm(values, null, false, LOCATIONS)).toEqual({});
    expect(sent(values)).toMatchObject({ plate: '9876 JM', odometerKm: 42000 });
  });

  it('sends no plate for an empty box, and leaves the odometer out so the car keeps its reading', () => {
    const data = sent({ ...FILLED, plate: '  ', odometerKm: '' });
    expect(data.plate).toBeNull();
    expect(data).not.toHaveProperty('odometerKm');
    expect(validateCarForm({ ...FILLED, plate: '', odometerKm: '' }, null, false, LOCATIONS)).toEqual({});
  });

  it('names a plate with other signs and an odometer that is not a whole number', () => {
    const errors = validateCarForm({ ...FILLED, plate: '12#4', odometerKm: '12.5' }, null, false, LOCATIONS);
    expect(errors.plate).toMatch(/^The plate number may hold only letters, digits, spaces and dashes/);
    expect(errors.odometerKm).toBe('The odometer reading must be a whole number.');
  });

  it('fills the boxes from a car as staff read it, and leaves them empty for a car without', () => {
    const car = {
      brand: 'Toyota',
      model: 'Corolla',
      year: 2022,
      pricePerDay: 6500,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      location: 'x',
      description: 'y',
      doors: 4,
      distancePerDay: 500,
    } as Car;
    expect(carFormFromCar({ ...car, plate: '1234 AB', odometerKm: 1500 })).toMatchObject({ plate: '1234 AB', odometerKm: '1500' });
    expect(carFormFromCar({ ...car, plate: null })).toMatchObject({ plate: '', odometerKm: '' });
  });
});

describe('an odometer never going backwards', () => {
  it('lets a reading go up or stay, and a new car start anywhere', () => {
    expect(odometerProblem('50120', 50_000, false, '')).toBeUndefined();
    expect(odometerProblem('50000', 50_000, false, '')).toBeUndefined();
    expect(odometerProblem('10', null, false, '')).toBeUndefined();
    expect(odometerProblem('', 50_000, false, '')).toBeUndefined();
    expect(odometerLowered('50000', 50_000)).toBe(false);
  });

  it('refuses a lower reading but from an owner who says why, and sends the reason', () => {
    expect(odometerLowered('10', 50_000)).toBe(true);
    expect(odometerProblem('10', 50_000, false, 'New cluster')).toBe(
      "The odometer cannot go below the car's last reading (50,000 km). Only an owner can correct it.",
    );
    expect(odometerProblem('10', 50_000, true, '  ')).toBe('Please say why the reading is lower than the last one.');
    expect(odometerProblem('10', 50_000, true, 'Typed 50,120 for 5,012')).toBeUndefined();
    expect(JSON.parse(carDataJson({ ...FILLED, odometerKm: '5012' }, ' Typed 50,120 for 5,012 '))).toMatchObject({
      odometerKm: 5012,
      odometerCorrection: { reason: 'Typed 50,120 for 5,012' },
    });
    expect(sent({ ...FILLED, odometerKm: '5012' })).not.toHaveProperty('odometerCorrection');
  });
});
