/**
 * /owner/fleet-report, "What each car earns" (docs/decisions/120): for a range of days, per car its
 * rented days, utilisation, revenue before GCT, costs and the difference; a chart of the fleet's
 * months or one car's; the same as a spreadsheet. The sums are the server's; the page checks the
 * range with the contract's rule and sorts with the contract's order.
 */
import { defaultFleetRange, FLEET_REPORT_REFUSALS, type FleetReportRefusal, fleetRangeProblem, sortFleetRows } from '@rental/contract/fleetReport';
import { companyToday } from '@rental/contract/rentalDates';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useMemo, useRef, useState } from 'react';
import { ApiError, callApi, errorMessage } from '../../../api/client';
import { FormField, FormProblem, controlProps } from '../../../components/FormField';
import { SkeletonBlock } from '../../../components/Skeleton';
import { usePageMeta } from '../../../lib/usePageMeta';
import { backOfficeKeys } from '../backOfficeQueries';
import { StaffPageHeader } from '../StaffPageHeader';
import { downloadStaffFile } from '../staffDownload';
import { type FleetSort, FleetTable } from './FleetTable';

export const FLEET_REPORT_PATH = '/owner/fleet-report';
const FleetChart = lazy(() => import('./FleetChart'));
const FLEET = 'fleet';

/** The box a refusal belongs under: a bad day under the first, the range's problems under the last. */
const FIELD_OF: Record<FleetReportRefusal, 'from' | 'to'> = { fleet_dates_not_valid: 'from', fleet_range_backwards: 'to', fleet_range_too_long: 'to' };
const isFleetRefusal = (code: unknown): code is FleetReportRefusal => typeof code === 'string' && code in FLEET_REPORT_REFUSALS;

const useFleetReport = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: [...backOfficeKeys.all, 'fleet-report', range.from, range.to] as const,
    queryFn: ({ signal }) => callApi('fleetReport', { query: range, signal }),
    select: (data) => data.report,
    meta: { errorToast: true },
  });

export function FleetReportPage() {
  usePageMeta('What each car earns', 'Per car: rented days, utilisation, revenue, costs and the difference over a range of days.');
  const [days, setDays] = useState(() => defaultFleetRange(companyToday()));
  const [asked, setAsked] = useState(days);
  const [problem, setProblem] = useState<{ field: 'from' | 'to' | 'form'; text: string } | null>(null);
  const [sort, setSort] = useState<FleetSort>({ column: 'car', order: 'asc' });
  const [charted, setCharted] = useState(FLEET);
  const [fetching, setFetching] = useState(false);
  const chartRef = useRef<HTMLElement>(null);
  const report = useFleetReport(asked);
  const cars = useMemo(() => (report.data ? sortFleetRows(report.data.cars, sort.column, sort.order) : []), [report.data, sort]);

  function show(event: FormEvent) {
    event.preventDefault();
    const local = fleetRangeProblem(days.from, days.to);
    if (local) return setProblem({ field: FIELD_OF[local], text: FLEET_REPORT_REFUSALS[local] });
    setProblem(null);
    setAsked(days);
  }

  async function download() {
    setProblem(null);
    setFetching(true);
    try {
      await downloadStaffFile('fleetReportCsv', { ...asked, sort: sort.column, order: sort.order });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setProblem({ field: isFleetRefusal(code) ? FIELD_OF[code] : 'form', text: errorMessage(error) });
    } finally {
      setFetching(false);
    }
  }

  function chart(carId: string) {
    setCharted(carId);
    chartRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  const fieldProblem = (field: 'from' | 'to') => (problem?.field === field ? problem.text : undefined);
  const data = report.data;
  const chartedCar = data?.cars.find((car) => car.carId === charted);
  return (
    <>
      <StaffPageHeader
        title="What each car earns"
        description="Per car over the days you choose: the days it was rented, how much of its free time that was, what its bookings were charged before GCT, what it cost in services, repairs and papers, and the difference."
      />
      <form
        noValidate
        onSubmit={show}
        aria-label="Days of the report"
        className="mb-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4"
      >
        <FormField id="fleet-from" label="First day" error={fieldProblem('from')}>
          <input
            type="date"
            value={days.from}
            onChange={(e) => setDays({ ...days, from: e.target.value })}
            {...controlProps('fleet-from', fieldProblem('from'))}
          />
        </FormField>
        <FormField id="fleet-to" label="Last day" error={fieldProblem('to')}>
          <input type="date" value={days.to} onChange={(e) => setDays({ ...days, to: e.target.value })} {...controlProps('fleet-to', fieldProblem('to'))} />
        </FormField>
        <button type="submit" className="btn-primary">
          Show
        </button>
        <button type="button" className="btn-secondary" onClick={() => void download()} disabled={fetching || !data}>
          Download (CSV)
        </button>
        <div className="basis-full">
          <FormProblem problem={problem?.field === 'form' ? problem.text : ''} />
        </div>
      </form>
      {!data ? (
        <p className="text-slate-600">{report.isError ? 'The report could not be read. Please try again.' : 'Adding up the cars…'}</p>
      ) : (
        <>
          <section ref={chartRef} aria-labelledby="fleet-chart-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
            <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
              <h2 id="fleet-chart-heading" className="text-lg font-semibold text-slate-900">
                By month
              </h2>
              <label className="flex flex-col text-sm text-slate-600">
                Whose months
                <select
                  className="mt-1 max-w-[16rem] rounded-md border border-slate-300 px-2 py-1.5 text-slate-900"
                  value={charted}
                  onChange={(e) => setCharted(e.target.value)}
                >
                  <option value={FLEET}>The whole fleet</option>
                  {cars.map((car) => (
                    <option key={car.carId} value={car.carId}>
                      {car.plate ? `${car.name} (${car.plate})` : car.name}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <Suspense fallback={<SkeletonBlock className="h-64 w-full" />}>
              <FleetChart
                title={chartedCar ? chartedCar.name : 'The whole fleet'}
                months={data.months}
                byMonth={chartedCar ? chartedCar.byMonth : data.totals.byMonth}
                currency={data.currency}
              />
            </Suspense>
          </section>
          <p className="mb-2 text-sm text-slate-600">
            {data.from} to {data.to}, {data.days} days. Revenue is before GCT, net of voids and discounts, each booking’s charges spread evenly over its days.
            Utilisation is rented days over the days a car was not blocked for service.
          </p>
          <FleetTable report={data} cars={cars} sort={sort} onSort={setSort} onChart={chart} />
        </>
      )}
    </>
  );
}
