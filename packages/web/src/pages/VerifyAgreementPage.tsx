import { AGREEMENT_REFUSALS, AGREEMENT_VERIFY_WORDS, MAX_AGREEMENT_BYTES, signedAtWords } from '@rental/contract/agreements';
import { CircleAlert, CircleCheck, FileText, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { callApi, errorMessage } from '../api/client';
import { useCompany } from '../company/useCompany';
import { usePageMeta } from '../lib/usePageMeta';

type Answer = { valid: boolean; reference: string | null; signedAt: string | null; redrawn: boolean };

/**
 * /verify-agreement: anyone holding a copy of a rental agreement drops its PDF here and reads, in
 * plain words, whether it is the file the company made (decision 122). The certificate page of
 * every agreement names this page. The file is sent to be hashed and is not kept.
 */
export default function VerifyAgreementPage() {
  const company = useCompany();
  const id = useId();
  usePageMeta('Check a rental agreement', `Check that a rental agreement from ${company.name} is exactly the one that was signed.`);
  const [fileName, setFileName] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  async function check(file: File | undefined) {
    if (!file) return;
    setFileName(file.name);
    setAnswer(null);
    setProblem('');
    // The server refuses it too; said here without sending 5 MB for nothing.
    if (file.size > MAX_AGREEMENT_BYTES) return setProblem(AGREEMENT_REFUSALS.agreement_too_large);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const { valid, reference, signedAt, redrawn } = await callApi('verifyAgreement', { form });
      setAnswer({ valid, reference, signedAt, redrawn });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    void check(event.target.files?.[0]);
    // The same file may be chosen again (after a problem was fixed).
    event.target.value = '';
  };

  return (
    <div className="container-page max-w-2xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Check a rental agreement</h1>
      <p className="mt-4 text-lg text-slate-600">
        Every rental agreement from {company.name} ends with a signing certificate page. Choose the PDF to see whether it is exactly the agreement that was
        signed, with not one character changed.
      </p>

      {/* The file input covers the whole zone: a click opens the chooser, a file dropped anywhere on it is taken (browsers drop onto file inputs). */}
      <div
        className={`relative mt-8 flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary ${
          over ? 'border-primary bg-primary-light' : 'border-slate-300 bg-white hover:border-primary'
        }`}
      >
        <Upload aria-hidden="true" size={32} className="text-primary" />
        <span aria-hidden="true" className="text-lg font-semibold text-slate-900">
          {busy ? 'Checking…' : 'Choose the agreement’s PDF'}
        </span>
        <span className="text-sm text-slate-600">or drop it here. At most 5 MB.</span>
        <input
          type="file"
          accept="application/pdf,.pdf"
          aria-label="Choose the agreement’s PDF"
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-wait"
          onChange={picked}
          onDragEnter={() => setOver(true)}
          onDragLeave={() => setOver(false)}
          onDrop={() => setOver(false)}
          disabled={busy}
        />
      </div>

      <div aria-live="polite" className="mt-6">
        {fileName && (busy || answer || problem) && (
          <p className="mb-3 flex items-center gap-2 text-sm text-slate-600">
            <FileText aria-hidden="true" size={16} className="shrink-0" />
            <span className="break-all">{fileName}</span>
          </p>
        )}
        {problem && (
          <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
            {problem}
          </p>
        )}
        {answer?.valid && answer.reference && answer.signedAt && (
          <div className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <CircleCheck aria-hidden="true" size={24} className="shrink-0" />
              Genuine: this agreement has not been changed
            </h2>
            <p className="mt-2">{AGREEMENT_VERIFY_WORDS.valid(answer.reference, signedAtWords(answer.signedAt))}</p>
            {answer.redrawn && <p className="mt-2">{AGREEMENT_VERIFY_WORDS.redrawn}</p>}
          </div>
        )}
        {answer && !answer.valid && (
          <div className="rounded-xl border border-red-300 bg-red-50 p-5 text-red-900">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <CircleAlert aria-hidden="true" size={24} className="shrink-0" />
              Not a match
            </h2>
            <p className="mt-2">{AGREEMENT_VERIFY_WORDS.invalid}</p>
          </div>
        )}
      </div>

      <section aria-labelledby={`${id}-how`} className="mt-10">
        <h2 id={`${id}-how`} className="text-xl font-bold text-slate-900">
          How the check works
        </h2>
        <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
          <p>
            When an agreement is signed, at our counter or online, we add a last page, the signing certificate: when it was signed, from which address and
            browser, and each step of the signing. We then keep the file’s SHA-256 fingerprint, a number that changes completely if even one character of the
            file changes.
          </p>
          <p>
            This page works out the fingerprint of the file you choose and looks for it among the agreements we made. It tells you only the booking’s reference
            and when it was signed, never anyone’s name or details, and keeps nothing of your file.
          </p>
        </div>
      </section>
    </div>
  );
}
