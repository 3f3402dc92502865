import { describe, expect, it } from 'vitest';
import { defaultFleetRange, fleetRangeProblem, monthsOf, sortFleetRows, utilisationWords } from './fleetReport';

const car = (name: string, revenue: number, utilisation: number | null, plate: string | null = null) => ({
  name,
  plate,
  rentedDays: 0,
  utilisation,
  revenue,
  costs: { total: 0 },
  difference: revenue,
});

describe('the fleet report’s rules', () => {
  it('takes real days in order, at most three years', () => {
    expect(fleetRangeProblem('2024-01-01', '2026-12-31')).toBeNull();
    expect(fleetRangeProblem('2024-01-01', '2027-01-01')).toBe('fleet_range_too_long');
    expect(fleetRangeProblem('2026-05-02', '2026-05-01')).toBe('fleet_range_backwards');
    expect(fleetRangeProblem('2026-02-29', '2026-03-01')).toBe('fleet_dates_not_valid');
    expect(fleetRangeProblem(undefined, '2026-03-01')).toBe('fleet_dates_not_valid');
    expect(fleetRangeProblem('2026-05-01', '2026-05-01')).toBeNull();
  });

  it('opens on the last twelve months, this one included, and names every month a range touches', () => {
    expect(defaultFleetRange('2026-11-29')).toEqual({ from: '2025-12-01', to: '2026-11-29' });
    expect(defaultFleetRange('2026-01-31')).toEqual({ from: '2025-02-01', to: '2026-01-31' });
    expect(monthsOf('2025-12-31', '2026-02-01')).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-01-31', '2026-01-31')).toEqual(['2026-01']);
  });

  it('sorts by a figure either way, ties and the car column by name then plate, no utilisation last', () => {
    const rows = [car('Toyota Axio', 500, 0.5), car('Honda Fit', 500, null), car('Honda Fit', 900, 0.9, 'AB 1'), car('Kia Rio', 100, 0.1)];
    expect(sortFleetRows(rows, 'revenue', 'desc').map((r) => r.name)).toEqual(['Honda Fit', 'Honda Fit', 'Toyota Axio', 'Kia Rio']);
    expect(sortFleetRows(rows, 'utilisation', 'asc').map((r) => r.utilisation)).toEqual([null, 0.1, 0.5, 0.9]);
    expect(sortFleetRows(rows, 'car', 'asc').map((r) => `${r.name} ${r.plate ?? ''}`.trim())).toEqual([
      'Honda Fit',
      'Honda Fit AB 1',
      'Kia Rio',
      'Toyota Axio',
    ]);
    expect(utilisationWords(0.625)).toBe('62.5%');
    expect(utilisationWords(null)).toBe('–');
  });
});
