/**
 * The fleet report as a spreadsheet: the table's rows in the order shown, then the totals row, written
 * as every staff spreadsheet is (SPREADSHEET_CSV: no cell read as a formula).
 */
import { type FleetReport, utilisationWords } from '@rental/contract';
import { stringify } from 'csv-stringify/sync';
import { SPREADSHEET_CSV } from '../../http/spreadsheet';

export const FLEET_CSV_HEADER = [
  'Car',
  'Plate',
  'Rented days',
  'Blocked days',
  'Days to rent',
  'Utilisation',
  'Revenue before GCT',
  'Services',
  'Repairs',
  'Papers',
  'Costs',
  'Difference',
];

type Line = FleetReport['totals'];
const figures = (line: Line) => [
  line.rentedDays,
  line.blockedDays,
  line.availableDays,
  utilisationWords(line.utilisation),
  line.revenue,
  line.costs.services,
  line.costs.repairs,
  line.costs.papers,
  line.costs.total,
  line.difference,
];

/** Whole units of the currency are written as whole numbers: what the table shows, with no grouping. */
export function fleetCsv(report: FleetReport, cars: FleetReport['cars']): string {
  const rows = [
    ...cars.map((car) => [car.removed ? `${car.name} (removed)` : car.name, car.plate ?? '', ...figures(car)]),
    [`All ${cars.length} cars, ${report.from} to ${report.to} (${report.currency})`, '', ...figures(report.totals)],
  ];
  return stringify([FLEET_CSV_HEADER, ...rows], SPREADSHEET_CSV);
}
