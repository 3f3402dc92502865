/**
 * The report's table: a row per car, the totals row last, sorted by any column (the contract's
 * sortFleetRows, the order the spreadsheet is written in too). On a phone the table scrolls
 * sideways with the car's name kept in view.
 */
import { FLEET_COLUMN_WORDS, FLEET_SORT_COLUMNS, type FleetSortColumn, type SortOrder, utilisationWords } from '@rental/contract/fleetReport';
import { formatMoney } from '@rental/contract/format';
import type { FleetCar, FleetReport } from '@rental/contract/schemas';

export interface FleetSort {
  column: FleetSortColumn;
  order: SortOrder;
}

const NUMBER_CELL = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const NAME_CELL = 'sticky left-0 z-10 max-w-[9rem] px-3 py-2 text-left sm:max-w-none';

function SortButton({ column, sort, onSort }: { column: FleetSortColumn; sort: FleetSort; onSort: (sort: FleetSort) => void }) {
  const active = sort.column === column;
  // A first click on a figure shows the largest first; on the car's name, A to Z.
  const next: SortOrder = active ? (sort.order === 'asc' ? 'desc' : 'asc') : column === 'car' ? 'asc' : 'desc';
  return (
    <button type="button" className="inline-flex items-center gap-1 font-semibold hover:text-slate-900" onClick={() => onSort({ column, order: next })}>
      {FLEET_COLUMN_WORDS[column]}
      <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
        {active && sort.order === 'asc' ? '▲' : '▼'}
      </span>
    </button>
  );
}

function Figures({ line, currency }: { line: FleetReport['totals']; currency: string }) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <>
      <td className={NUMBER_CELL}>{line.rentedDays.toLocaleString('en-US')}</td>
      <td className={NUMBER_CELL}>{utilisationWords(line.utilisation)}</td>
      <td className={NUMBER_CELL}>{money(line.revenue)}</td>
      <td className={NUMBER_CELL} title={`Services ${money(line.costs.services)}, repairs ${money(line.costs.repairs)}, papers ${money(line.costs.papers)}`}>
        {money(line.costs.total)}
      </td>
      <td className={`${NUMBER_CELL} ${line.difference < 0 ? 'text-red-700' : ''}`}>{money(line.difference)}</td>
    </>
  );
}

export function FleetTable({
  report,
  cars,
  sort,
  onSort,
  onChart,
}: {
  report: FleetReport;
  cars: FleetCar[];
  sort: FleetSort;
  onSort: (sort: FleetSort) => void;
  onChart: (carId: string) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label="What each car earns">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {FLEET_SORT_COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                aria-sort={sort.column === column ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={column === 'car' ? `${NAME_CELL} bg-slate-50` : 'px-3 py-2 text-right whitespace-nowrap'}
              >
                <SortButton column={column} sort={sort} onSort={onSort} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {cars.map((car) => (
            <tr key={car.carId}>
              <th scope="row" className={`${NAME_CELL} bg-white font-medium text-slate-900`}>
                <button type="button" className="text-left hover:underline" onClick={() => onChart(car.carId)} aria-label={`${car.name}: show its months`}>
                  {car.name}
                </button>
                <span className="block text-xs font-normal text-slate-500">
                  {[car.plate, car.removed ? 'removed from the fleet' : null].filter(Boolean).join(' · ')}
                </span>
              </th>
              <Figures line={car} currency={report.currency} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" className={`${NAME_CELL} bg-slate-50`}>
              All {report.cars.length} cars
            </th>
            <Figures line={report.totals} currency={report.currency} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
