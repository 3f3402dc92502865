/**
 * /owner/reports/gct, "GCT and the books" (docs/decisions/115): a month's GCT as the return to Tax
 * Administration Jamaica asks it, with the company's TRN and the month's lines as a spreadsheet; and
 * the journal for the accountant, for a range of days, to import into QuickBooks Online or Xero.
 * The sums are the server's; the page checks the month and the days with the contract's own rules.
 */
import {
  BOOKS_REFUSALS,
  type BooksRefusal,
  type GctMonth,
  isMonth,
  JOURNAL_LAYOUT_WORDS,
  JOURNAL_LAYOUTS,
  type JournalLayout,
  journalRangeProblem,
} from '@rental/contract/books';
import { formatMoney } from '@rental/contract/format';
import { addDays, companyToday, monthBounds } from '@rental/contract/rentalDates';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, callApi, errorMessage } from '../../../api/client';
import { usePageMeta } from '../../../lib/usePageMeta';
import { backOfficeKeys } from '../backOfficeQueries';
import { FormField, FormProblem, controlProps } from '../../../components/FormField';
import { StaffPageHeader } from '../StaffPageHeader';
import { downloadBooksCsv } from './booksDownload';

export const GCT_REPORT_PATH = '/owner/reports/gct';
const LAYOUT_HINT = 'QuickBooks Online: Settings, Import data, Journal entries. Xero: Manual journals, Import (its account codes in Company settings).';
const MONTH_HINT = 'The month just ended is the one a GCT return is filed for.';

/** The month a GCT return is filed for: the one before today's (Jamaica time). */
export function lastMonth(today: string = companyToday()): string {
  return addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** The journal's days by default: the whole month chosen. */
export function monthDays(month: string): { from: string; to: string } {
  const { start, nextStart } = monthBounds(`${month}-01`);
  return { from: start, to: addDays(nextStart, -1) };
}

const useGctMonth = (month: string) =>
  useQuery({
    queryKey: [...backOfficeKeys.all, 'gct', month] as const,
    queryFn: ({ signal }) => callApi('gctReport', { query: { month }, signal }),
    select: (data) => data.report,
    enabled: isMonth(month),
    meta: { errorToast: true },
  });

export function GctReportPage() {
  usePageMeta('GCT and the books', 'The month’s GCT with the company’s TRN, its lines as a spreadsheet, and the journal for the accountant.');
  const [month, setMonth] = useState(lastMonth);
  const report = useGctMonth(month);
  const monthProblem = isMonth(month) ? undefined : BOOKS_REFUSALS.month_not_valid;
  const [linesProblem, setLinesProblem] = useState('');
  const [fetchingLines, setFetchingLines] = useState(false);

  async function downloadLines() {
    setLinesProblem('');
    setFetchingLines(true);
    try {
      await downloadBooksCsv('gctReportCsv', { month });
    } catch (error) {
      setLinesProblem(errorMessage(error));
    } finally {
      setFetchingLines(false);
    }
  }

  return (
    <>
      <StaffPageHeader
        title="GCT and the books"
        description="What a month’s GCT return needs, summed from every booking’s charges, voids and discounts written that month (Jamaica time); and the journal your accountant imports into QuickBooks Online or Xero."
      />
      <section aria-labelledby="gct-month-heading" className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="gct-month-heading" className="text-lg font-semibold text-slate-900">
          GCT for a month
        </h2>
        <FormField id="gct-month" label="Month" error={monthProblem} hint={MONTH_HINT}>
          <input type="month" value={month} onChange={(e) => setMonth(e.target.value)} {...controlProps('gct-month', monthProblem, { hint: MONTH_HINT })} />
        </FormField>
        {report.data ? <GctTotals report={report.data} /> : !monthProblem && <p className="text-slate-600">Adding up the month…</p>}
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-secondary" onClick={() => void downloadLines()} disabled={Boolean(monthProblem) || fetchingLines}>
            Download the month’s lines (CSV)
          </button>
        </div>
        <FormProblem problem={linesProblem} />
      </section>
      <JournalDownload month={isMonth(month) ? month : lastMonth()} />
    </>
  );
}

export function GctTotals({ report }: { report: GctMonth }) {
  const money = (amount: number) => formatMoney(amount, report.currency);
  const rows: [string, string][] = [
    ['Taxable charges (before GCT)', money(report.taxableCharges)],
    [`GCT charged (${report.gctPercent}%)`, money(report.gctCharged)],
    ['Taxable amounts given back (voids, discounts)', money(report.taxableCredits)],
    ['GCT given back', money(report.gctCredited)],
    ['Net GCT for the month', money(report.netGct)],
    ['Charges without GCT (tolls, fines)', money(report.untaxedCharges)],
  ];
  return (
    <div className="space-y-3">
      <dl aria-label={`GCT for ${report.month}`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className={`ml-auto font-medium tabular-nums ${label.startsWith('Net') ? 'text-slate-900' : 'text-slate-800'}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">
        {report.trn ? (
          <>
            TRN <span className="font-medium text-slate-900">{report.trn}</span>
          </>
        ) : (
          <>
            No TRN saved yet: add it in <Link to="/owner/settings">Company settings</Link> before filing.
          </>
        )}
        {` · ${report.lines} ${report.lines === 1 ? 'line' : 'lines'} of the folios this month.`}
      </p>
    </div>
  );
}

/** The form's boxes a refusal belongs under: the range's problems under the last day, a bad day under the day. */
const FIELD_OF: Record<Exclude<BooksRefusal, 'month_not_valid'>, 'from' | 'to'> = { date_not_valid: 'from', range_backwards: 'to', range_too_long: 'to' };

export function JournalDownload({ month }: { month: string }) {
  const [days, setDays] = useState(() => monthDays(month));
  const [layout, setLayout] = useState<JournalLayout>('quickbooks');
  const [problem, setProblem] = useState<{ field: 'from' | 'to' | 'form'; text: string } | null>(null);
  const [fetching, setFetching] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = journalRangeProblem(days.from, days.to);
    if (local) {
      setProblem({ field: FIELD_OF[local], text: BOOKS_REFUSALS[local] });
      return;
    }
    setProblem(null);
    setFetching(true);
    try {
      await downloadBooksCsv('journalCsv', { ...days, layout });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const field = code === 'date_not_valid' || code === 'range_backwards' || code === 'range_too_long' ? FIELD_OF[code] : 'form';
      setProblem({ field, text: errorMessage(error) });
    } finally {
      setFetching(false);
    }
  }

  const fieldProblem = (field: 'from' | 'to') => (problem?.field === field ? problem.text : undefined);
  return (
    <section aria-labelledby="journal-heading" className="mt-6 max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="journal-heading" className="text-lg font-semibold text-slate-900">
        Journal for the accountant
      </h2>
      <p className="text-sm text-slate-600">
        One balanced entry for each charge, void, payment, refund and security deposit, in the account names set in{' '}
        <Link to="/owner/settings">Company settings</Link>. At most a year at a time.
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Journal for the accountant" className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="journal-from" label="First day" error={fieldProblem('from')}>
            <input
              type="date"
              value={days.from}
              onChange={(e) => setDays({ ...days, from: e.target.value })}
              {...controlProps('journal-from', fieldProblem('from'))}
            />
          </FormField>
          <FormField id="journal-to" label="Last day" error={fieldProblem('to')}>
            <input type="date" value={days.to} onChange={(e) => setDays({ ...days, to: e.target.value })} {...controlProps('journal-to', fieldProblem('to'))} />
          </FormField>
        </div>
        <FormField id="journal-layout" label="For" hint={LAYOUT_HINT}>
          <select
            value={layout}
            onChange={(e) => setLayout(JOURNAL_LAYOUTS.find((value) => value === e.target.value) ?? 'quickbooks')}
            {...controlProps('journal-layout', undefined, { hint: LAYOUT_HINT })}
          >
            {JOURNAL_LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {JOURNAL_LAYOUT_WORDS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormProblem problem={problem?.field === 'form' ? problem.text : ''} />
        <button type="submit" className="btn-primary" disabled={fetching}>
          Download the journal (CSV)
        </button>
      </form>
    </section>
  );
}
