/**
 * A car's papers on its staff page: the registration, certificate of fitness and insurance in force
 * with their expiry, a scan opened or sent for each, the papers before (renewals keep them), and a
 * form to save a new paper. Owners and managers (who alone open the car's page) save them.
 */
import { CAR_PAPER_KINDS, CAR_PAPER_WORDS, type CarPaperKind } from '@rental/contract/carPapers';
import { formatDay, formatMoney } from '@rental/contract/format';
import { typedAmount } from '@rental/contract/numbers';
import { pathFor } from '@rental/contract/routes';
import { companyToday } from '@rental/contract/rentalDates';
import type { CarPaper } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Loader2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { openApiFile } from '../../../api/openApiFile';
import { FormProblem } from '../../../components/FormField';
import { DOCUMENT_ACCEPT, pickedDocument } from '../../account/documentFiles';
import { backOfficeKeys } from '../backOfficeQueries';
import { FormField, controlProps } from '../FormField';
import { carPapersKey, saveCarPapers, uploadPaperScan, useCarPapers } from './carPaperQueries';
import { PaperState } from './PaperState';

const money = (amount: number) => formatMoney(amount, 'JMD');

function PaperDetails({ paper }: { paper: CarPaper }) {
  const rows: [string, string][] = [['Expires on', formatDay(paper.expiresOn)]];
  if (paper.insurer) rows.push(['Insurer', paper.insurer]);
  if (paper.policyNumber) rows.push(['Policy number', paper.policyNumber]);
  if (paper.cost !== null) rows.push(['Cost', `${money(paper.cost)}${paper.paidOn ? `, paid ${formatDay(paper.paidOn)}` : ''}`]);
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ScanControls({ carId, paper }: { carId: string; paper: CarPaper }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const open = () =>
    openApiFile(pathFor('carPaperScan', { id: carId, paperId: paper._id })).catch((error: unknown) => {
      toast.error(errorMessage(error));
    });
  async function send(event: ChangeEvent<HTMLInputElement>) {
    const picked = pickedDocument(event.target);
    if (!picked) return;
    if (picked.problem) {
      toast.error(picked.problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadPaperScan(carId, paper._id, picked.file);
      queryClient.setQueryData(carPapersKey(carId), answer);
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {paper.scan && (
        <button type="button" onClick={() => void open()} className="btn-secondary h-10 px-3 text-sm">
          Open the scan
        </button>
      )}
      <label htmlFor={`${id}-scan`} className="btn-secondary inline-flex h-10 cursor-pointer items-center gap-1 px-3 text-sm">
        {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <FileUp aria-hidden="true" className="h-4 w-4" />}
        {paper.scan ? 'Replace the scan' : 'Add a scan'}
      </label>
      <input
        id={`${id}-scan`}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        disabled={busy}
        aria-label={`Scan of the ${CAR_PAPER_WORDS[paper.kind].toLowerCase()}`}
        onChange={(event) => void send(event)}
      />
    </div>
  );
}

interface PaperForm {
  kind: CarPaperKind;
  expiresOn: string;
  insurer: string;
  policyNumber: string;
  cost: string;
  paidOn: string;
}
const EMPTY: PaperForm = { kind: 'registration', expiresOn: '', insurer: '', policyNumber: '', cost: '', paidOn: '' };

/** What the server would refuse, said before sending (the server checks it again). */
export function paperFormProblems(form: PaperForm, today = companyToday()): Partial<Record<keyof PaperForm, string>> {
  const problems: Partial<Record<keyof PaperForm, string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expiresOn)) problems.expiresOn = 'Please choose the expiry date.';
  else if (form.expiresOn <= today) problems.expiresOn = 'The expiry date of a new paper must be after today. Please check the date on the paper.';
  if (form.kind === 'insurance' && !form.insurer.trim()) problems.insurer = 'Please type the insurer.';
  if (form.kind === 'insurance' && !form.policyNumber.trim()) problems.policyNumber = 'Please type the policy number.';
  const cost = typedAmount(form.cost);
  if (form.cost.trim() && (cost === null || cost < 0)) problems.cost = 'The cost must be a whole number, 0 or more.';
  return problems;
}

function NewPaperForm({ carId }: { carId: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [form, setForm] = useState<PaperForm>(EMPTY);
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const problems = shown ? paperFormProblems(form) : {};
  const set = (key: keyof PaperForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [key]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (Object.keys(paperFormProblems(form)).length > 0) return;
    setBusy(true);
    setProblem('');
    try {
      const insurance = form.kind === 'insurance';
      const answer = await saveCarPapers(carId, {
        papers: [
          {
            kind: form.kind,
            expiresOn: form.expiresOn,
            ...(insurance && { insurer: form.insurer.trim(), policyNumber: form.policyNumber.trim() }),
            cost: form.cost.trim() ? typedAmount(form.cost) : null,
            paidOn: form.paidOn || null,
          },
        ],
      });
      queryClient.setQueryData(carPapersKey(carId), answer);
      void queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });
      toast.success(answer.message);
      setForm({ ...EMPTY, kind: form.kind });
      setShown(false);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Save a new paper" className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Save a new or renewed paper</h3>
      <p className="mt-1 text-sm text-slate-600">The paper before is kept in the history. Staff are e-mailed 30, 14 and 3 days before it expires.</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-kind`} label="Paper">
          <select {...controlProps(`${id}-kind`, undefined)} value={form.kind} onChange={set('kind')}>
            {CAR_PAPER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CAR_PAPER_WORDS[kind]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-expires`} label="Expires on" error={problems.expiresOn} hint="The first day it no longer covers the car.">
          <input
            type="date"
            min={companyToday()}
            {...controlProps(`${id}-expires`, problems.expiresOn, { hint: 'yes' })}
            value={form.expiresOn}
            onChange={set('expiresOn')}
          />
        </FormField>
        {form.kind === 'insurance' && (
          <>
            <FormField id={`${id}-insurer`} label="Insurer" error={problems.insurer}>
              <input {...controlProps(`${id}-insurer`, problems.insurer)} maxLength={100} value={form.insurer} onChange={set('insurer')} />
            </FormField>
            <FormField id={`${id}-policy`} label="Policy number" error={problems.policyNumber}>
              <input {...controlProps(`${id}-policy`, problems.policyNumber)} maxLength={60} value={form.policyNumber} onChange={set('policyNumber')} />
            </FormField>
          </>
        )}
        <FormField id={`${id}-cost`} label="Cost (JMD, optional)" error={problems.cost}>
          <input inputMode="numeric" {...controlProps(`${id}-cost`, problems.cost)} value={form.cost} onChange={set('cost')} />
        </FormField>
        <FormField id={`${id}-paid`} label="Paid on (optional)">
          <input type="date" {...controlProps(`${id}-paid`, undefined)} value={form.paidOn} onChange={set('paidOn')} />
        </FormField>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary h-11 px-4" disabled={busy}>
          {busy ? 'Saving…' : 'Save the paper'}
        </button>
        <FormProblem problem={problem} />
      </div>
    </form>
  );
}

export function CarPapersSection({ carId }: { carId: string }) {
  const query = useCarPapers(carId);
  const papers = query.data;
  return (
    <section aria-labelledby="papers-heading" className="mt-6 max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="papers-heading" className="text-lg font-semibold text-slate-900">
        Papers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Registration, certificate of fitness and insurance. From the day one expires the car cannot be handed over at the counter.
      </p>
      {query.isPending && <p className="mt-3 text-slate-600">Loading the papers…</p>}
      {query.isError && (
        <p role="alert" className="mt-3 text-red-700">
          {errorMessage(query.error)}
        </p>
      )}
      {papers && (
        <>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {papers.current.map((paper) => (
              <li key={paper._id} aria-label={CAR_PAPER_WORDS[paper.kind]} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{CAR_PAPER_WORDS[paper.kind]}</span>
                  <PaperState state={paper.state} />
                </div>
                <PaperDetails paper={paper} />
                <ScanControls carId={carId} paper={paper} />
              </li>
            ))}
            {papers.missing.map((kind) => (
              <li key={kind} aria-label={CAR_PAPER_WORDS[kind]} className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
                <span className="font-semibold text-slate-900">{CAR_PAPER_WORDS[kind]}</span>
                <p className="mt-1">Not recorded yet.</p>
              </li>
            ))}
          </ul>
          {papers.history.some((paper) => !paper.current) && (
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium text-slate-700">
                Papers before ({papers.history.filter((paper) => !paper.current).length})
              </summary>
              <ul className="mt-2 space-y-2 text-sm">
                {papers.history
                  .filter((paper) => !paper.current)
                  .map((paper) => (
                    <li key={paper._id} className="rounded-lg bg-slate-50 p-2">
                      {CAR_PAPER_WORDS[paper.kind]}: {paper.expiresOn <= papers.today ? 'expired' : 'expires'} on {formatDay(paper.expiresOn)}
                      {paper.policyNumber ? `, policy ${paper.policyNumber}` : ''}
                      {paper.cost !== null ? `, ${money(paper.cost)}` : ''}
                    </li>
                  ))}
              </ul>
            </details>
          )}
          <NewPaperForm carId={carId} />
        </>
      )}
    </section>
  );
}
