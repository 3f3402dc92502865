/**
 * /owner/statements, "Bank statements" (owners and managers): choose the account, upload the bank's
 * OFX/QFX or CSV; a CSV's columns are chosen once from a preview of its first rows and remembered
 * for the account. The statement's lines then show with their matches (StatementView); earlier
 * statements are listed to come back to.
 */
import { ApiError } from '@rental/contract/client';
import type { StatementMapping } from '@rental/contract/statements';
import { STATEMENT_DATE_FORMATS } from '@rental/contract/statements';
import { formatInstantWithTime } from '../../../lib/dates';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useBankDetails } from '../backOfficeQueries';
import { StaffPageHeader } from '../StaffPageHeader';
import { previewStatement, showStatement, uploadStatement, useStatement, useStatements } from './statementQueries';
import { StatementView } from './StatementView';

interface Preview {
  headers: string[];
  rows: string[][];
}

/** The refusals that open the mapping form for another choice. */
const MAPPING_CODES = new Set(['statement_mapping_needed', 'statement_mapping_unfit']);

const EMPTY_MAPPING: StatementMapping = { date: '', description: '', dateFormat: 'DD/MM/YYYY' };

export function StatementsPage() {
  usePageMeta('Bank statements', 'Upload the bank’s statement and record the deposits it shows on their bookings.');
  return (
    <>
      <StaffPageHeader
        title="Bank statements"
        description="Upload the statement from online banking (OFX, QFX or CSV). Each deposit is matched to its booking by the reference the customer wrote, or by their name and the amount; check the matches, then record them as payments."
      />
      <UploadForm />
      <PastStatements />
    </>
  );
}

/** /owner/statements/:id: one statement, to come back to. */
export function StatementPage() {
  const { id = '' } = useParams();
  usePageMeta('Bank statement', 'A bank statement’s lines and the bookings they pay.');
  const statement = useStatement(id);
  return (
    <>
      <StaffPageHeader
        title="Bank statement"
        description="Each deposit with the booking it seems to pay and why. Certain matches can be recorded in one tap; check a likely one before recording it."
        action={
          <Link to="/owner/statements" className="btn-secondary min-h-11">
            Upload another
          </Link>
        }
      />
      {statement.isPending && <p>Loading the statement…</p>}
      {statement.isError && <p role="alert">{errorMessage(statement.error)}</p>}
      {statement.data && <StatementView statement={statement.data} />}
    </>
  );
}

function UploadForm() {
  const ids = { account: useId(), file: useId() };
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bank = useBankDetails();
  const accounts = bank.data ? [bank.data, ...(bank.data.otherAccounts ?? [])] : [];
  const [account, setAccount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<StatementMapping>(EMPTY_MAPPING);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenAccount = account || accounts[0]?.accountNumber || '';

  const formOf = (withMapping: boolean) => {
    const form = new FormData();
    form.append('bankAccount', chosenAccount);
    if (withMapping) form.append('mapping', JSON.stringify(mapping));
    if (file) form.append('file', file, file.name);
    return form;
  };

  /** A CSV's columns and first rows, with the mapping remembered for the account (or guessed). */
  const look = async (chosen: File, accountNumber: string, keepProblem = false) => {
    setPreview(null);
    if (!keepProblem) setProblem(null);
    const form = new FormData();
    form.append('bankAccount', accountNumber);
    form.append('file', chosen, chosen.name);
    try {
      const answer = await previewStatement(form);
      if (answer.format === 'csv') {
        setPreview({ headers: answer.headers, rows: answer.rows });
        setMapping(answer.mapping ?? EMPTY_MAPPING);
      }
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Please choose the bank statement file (OFX, QFX or CSV).');
    setBusy(true);
    setProblem(null);
    try {
      const answer = await uploadStatement(formOf(preview !== null));
      await showStatement(queryClient, answer.statement);
      await navigate(`/owner/statements/${answer.statement.id}`);
    } catch (error) {
      setProblem(errorMessage(error));
      // A CSV whose columns are not chosen yet, or do not fit: its preview opens to choose them.
      if (error instanceof ApiError && error.code && MAPPING_CODES.has(error.code) && !preview) void look(file, chosenAccount, true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mb-8 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-label="Upload a statement">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor={ids.account} className="field-label">
            Bank account
          </label>
          <select
            id={ids.account}
            className="field-input"
            value={chosenAccount}
            onChange={(event) => {
              setAccount(event.target.value);
              if (file) void look(file, event.target.value);
            }}
          >
            {accounts.length === 0 && <option value="">No bank account saved yet (Bank Details)</option>}
            {accounts.map((a) => (
              <option key={a.accountNumber} value={a.accountNumber}>
                {a.bankName} {a.accountNumber}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={ids.file} className="field-label">
            Statement file (OFX, QFX or CSV, at most 5 MB)
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".ofx,.qfx,.csv,.txt,text/csv,application/x-ofx"
            className="field-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void look(chosen, chosenAccount);
            }}
          />
        </div>
      </div>
      {preview && <MappingForm preview={preview} mapping={mapping} onChange={setMapping} />}
      <div aria-live="polite" className="mt-3 min-h-6">
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary mt-2 min-h-11 w-full sm:w-auto" disabled={busy || !file || !chosenAccount}>
        {busy ? 'Reading the statement…' : 'Upload and match'}
      </button>
    </form>
  );
}

const FIELDS: { key: keyof Omit<StatementMapping, 'dateFormat'>; label: string; optional: boolean }[] = [
  { key: 'date', label: 'Date', optional: false },
  { key: 'description', label: 'Description', optional: false },
  { key: 'credit', label: 'Money in (credit)', optional: true },
  { key: 'debit', label: 'Money out (debit)', optional: true },
  { key: 'amount', label: 'Amount (one column, money out negative)', optional: true },
  { key: 'reference', label: 'Bank reference', optional: true },
  { key: 'balance', label: 'Balance', optional: true },
];

/** Which column holds what, chosen against the file's first rows; remembered for the account once the upload is read. */
export function MappingForm({ preview, mapping, onChange }: { preview: Preview; mapping: StatementMapping; onChange: (m: StatementMapping) => void }) {
  const base = useId();
  const set = (key: keyof StatementMapping, value: string) => {
    const next = { ...mapping, [key]: value } as StatementMapping & Record<string, string>;
    if (value === '') delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="mt-6 min-w-0">
      <legend className="text-base font-semibold text-slate-900">Which column holds what</legend>
      <p className="mt-1 text-sm text-slate-600">Chosen once for this account and remembered. Choose either money in (and out), or one amount column.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {FIELDS.map(({ key, label, optional }) => (
          <div key={key} className="min-w-0">
            <label htmlFor={`${base}-${key}`} className="field-label">
              {label}
            </label>
            <select id={`${base}-${key}`} className="field-input" value={mapping[key] ?? ''} onChange={(event) => set(key, event.target.value)}>
              <option value="">{optional ? '— none —' : '— choose —'}</option>
              {preview.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="min-w-0">
          <label htmlFor={`${base}-dateFormat`} className="field-label">
            Dates are written
          </label>
          <select id={`${base}-dateFormat`} className="field-input" value={mapping.dateFormat} onChange={(event) => set('dateFormat', event.target.value)}>
            {STATEMENT_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">The first rows of the file</caption>
          <thead className="bg-slate-50">
            <tr>
              {preview.headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-medium whitespace-nowrap text-slate-700">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, n) => (
              <tr key={n} className="border-t border-slate-200">
                {preview.headers.map((header, i) => (
                  <td key={header} className="px-3 py-2 whitespace-nowrap text-slate-800">
                    {row[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

function PastStatements() {
  const list = useStatements();
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="past-statements">
      <h2 id="past-statements" className="mb-3 text-lg font-semibold text-slate-900">
        Statements uploaded
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {list.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <div className="min-w-0">
              <Link to={`/owner/statements/${s.id}`} className="font-medium [overflow-wrap:anywhere] text-primary underline">
                {s.fileName || 'Statement'}
              </Link>
              <p className="text-sm text-slate-600">
                Account {s.bankAccount} · uploaded {formatInstantWithTime(s.uploadedAt)}
              </p>
            </div>
            <p className="text-sm text-slate-700">
              {s.lineCount} lines · {s.openCredits} credits not applied
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
