/**
 * /owner/payments, "Card payments": the attempts that never came back from the provider's page
 * (the default list), or all of them. Staff look an open one up in the provider's dashboard and
 * close it as paid or not paid; on a paid one they write down a refund made there.
 */
import { formatMoney } from '@rental/contract/format';
import { PAYMENT_ATTEMPT_WORDS, type PaymentAttempt } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatInstantWithTime } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { StaffPageHeader } from '../StaffPageHeader';
import { QueryList } from '../QueryList';
import { ReasonDialog } from '../vetting/ReasonDialog';
import { closePayment, usePaymentAttempts } from './paymentQueries';
import { refreshBackOffice } from '../backOfficeQueries';
import {
  canClose,
  emptyListText,
  noteProblem,
  PAYMENT_STATUS_STYLE,
  PAYMENT_TABS,
  PAYMENTS_PATH,
  refundedText,
  refundLeft,
  tabFromSearch,
} from './paymentWords';
import { RefundDialog } from './RefundDialog';
import { useStaffMay } from '../useStaffMay';

export function PaymentsPage() {
  usePageMeta('Card payments', 'Card payments that never came back from the provider, to look up and close, and refunds made.');
  const tab = tabFromSearch(useLocation().search);
  const list = usePaymentAttempts(tab);
  const attempts = list.data;
  const mayCloseOrRefund = useStaffMay('manager');

  return (
    <>
      <StaffPageHeader
        title="Card payments"
        description="A payment never comes back when the customer leaves the provider’s card page before it sends them back: the site cannot tell whether they paid. Look each one up in the provider’s dashboard by its order number and close it as the dashboard shows."
      />
      <nav aria-label="Which payments" className="mb-4">
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {PAYMENT_TABS.map(({ value, label }) => {
            const current = value === tab;
            return (
              <li key={value}>
                <Link
                  to={`${PAYMENTS_PATH}?state=${value}`}
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-11 items-center justify-center rounded-lg px-4 text-center font-medium ring-1 ring-inset ${
                    current ? 'bg-primary text-white ring-primary' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                  }`}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <QueryList
        query={list}
        items={attempts}
        label="Card payments"
        loadingText="Loading the card payments…"
        emptyText={emptyListText(tab)}
        skeletonClassName="h-40 w-full"
      >
        {(attempt) => <AttemptCard key={attempt._id} attempt={attempt} mayCloseOrRefund={mayCloseOrRefund} />}
      </QueryList>
    </>
  );
}

type Asking = 'paid' | 'failed' | 'refund' | null;

const CLOSE_TEXT = {
  paid: 'Only when the provider’s dashboard shows this payment as paid: the booking is then marked paid in full.',
  failed: 'Only when the provider’s dashboard shows no payment: the booking stays unpaid and the customer may pay again.',
};

/** mayCloseOrRefund: agents see how a card payment went; closing one or recording a refund is a manager's. */
export function AttemptCard({ attempt, mayCloseOrRefund }: { attempt: PaymentAttempt; mayCloseOrRefund: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking>(null);
  const done = () => {
    setAsking(null);
    return refreshBackOffice(queryClient);
  };
  const money = (amount: number) => formatMoney(amount, attempt.currency);
  const headingId = `payment-${attempt._id}`;
  const refunded = refundedText(attempt);
  const details: [string, string][] = [
    ['Amount', money(attempt.amount)],
    ['Started', formatInstantWithTime(attempt.createdAt)],
    ['Last change', formatInstantWithTime(attempt.updatedAt)],
    ['Order number', attempt.orderId],
    ['Provider', attempt.provider === 'sandbox' ? 'Sandbox (test payments, no money moves)' : attempt.provider === 'wipay' ? 'WiPay' : attempt.provider],
  ];
  if (attempt.cardLast4) details.push(['Card', `ending ${attempt.cardLast4}`]);
  if (attempt.transactionId) details.push(['Provider’s transaction', attempt.transactionId]);
  if (attempt.message) details.push(['The provider said', attempt.message]);
  if (refunded) details.push(['Refunds', refunded]);

  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              <span className="font-mono">{attempt.reference}</span>
            </h2>
            <p className="break-words text-slate-700">{attempt.customerName}</p>
          </div>
          <span
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${PAYMENT_STATUS_STYLE[attempt.status]}`}
          >
            {PAYMENT_ATTEMPT_WORDS[attempt.status]}
          </span>
        </header>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="text-slate-500">{term}</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {mayCloseOrRefund && (canClose(attempt) || refundLeft(attempt) > 0) && (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {canClose(attempt) && (
              <>
                <button type="button" className="btn-primary min-h-11" onClick={() => setAsking('paid')}>
                  Close as paid
                </button>
                <button type="button" className="btn-secondary min-h-11" onClick={() => setAsking('failed')}>
                  Close as not paid
                </button>
              </>
            )}
            {refundLeft(attempt) > 0 && (
              <button type="button" className="btn-secondary min-h-11" onClick={() => setAsking('refund')}>
                Record a refund
              </button>
            )}
          </div>
        )}
      </article>
      {(asking === 'paid' || asking === 'failed') && (
        <ReasonDialog
          title={`Close ${attempt.reference}’s payment as ${asking === 'paid' ? 'paid' : 'not paid'}?`}
          text={CLOSE_TEXT[asking]}
          label="Note (optional)"
          hint="Staff only, e.g. what the dashboard shows. May be left empty."
          yes={asking === 'paid' ? 'Close as paid' : 'Close as not paid'}
          problemOf={noteProblem}
          send={(note) => closePayment(attempt._id, { outcome: asking, note })}
          onDone={done}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'refund' && <RefundDialog attempt={attempt} onDone={done} onClose={() => setAsking(null)} />}
    </li>
  );
}
