/** What the lot knows of a car, as Manage Cars shows it beside its damages: its plate and odometer. */
import type { Car } from '@rental/contract/schemas';

export function plateWords(car: Pick<Car, 'plate'>): string {
  return car.plate || 'No plate yet';
}

/** "42,310 km"; nothing when the server did not say (a customer's view of a car). */
export function odometerWords(car: Pick<Car, 'odometerKm'>): string {
  return car.odometerKm === undefined ? '' : `${car.odometerKm.toLocaleString('en-US')} km`;
}

/** "1234 AB · 42,310 km" */
export function lotWords(car: Pick<Car, 'plate' | 'odometerKm'>): string {
  return [plateWords(car), odometerWords(car)].filter(Boolean).join(' · ');
}
