/**
 * How to pay, explained the same way on every screen (the payment step, the booking page): what
 * is paid, when, where and how much. The methods' names and summaries are the contract's (paymentWords.ts);
 * the security deposit is a separate, refundable sum explained on its own (SecurityDeposit).
 */
import { type BookingStatus, FAR_AHEAD_DAYS, type PaymentMethod } from '@rental/contract/constants';
import { depositDueWords } from '@rental/contract/refunds';
import { MESSAGES } from '@rental/contract/messages';
import { BANK_PAYMENT_WAYS } from '@rental/contract/paymentWords';
import type { BankDetails, OtherBankAccount } from '@rental/contract/schemas';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { SkeletonBlock } from '../../components/Skeleton';
import { useCompany, useMoney } from '../../company/useCompany';
import { formatInstantWithTime } from '../../lib/dates';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

type HowToPayProps = {
  method: PaymentMethod;
  /** What is still to pay: the folio's balance (the rental, with any charge or discount since, less what is paid). */
  total: number;
  bankDetails: BankDetails | null | undefined;
  bankDetailsLoading: boolean;
  /** When the hold ends (a booking that exists); before booking, the usual hold is explained. */
  deadline?: string | null;
  /** The booking's reference, to write on the deposit slip. */
  reference?: string;
  /** The booking's status, once it exists. */
  status?: BookingStatus;
  /** Before booking: a pickup far ahead, whose hold is shorter. */
  farAhead?: boolean;
};

/** What, when, where and how much, for the chosen method. */
export function HowToPay({ method, total, bankDetails, bankDetailsLoading, deadline, reference, status, farAhead = false }: HowToPayProps) {
  const company = useCompany();
  const money = useMoney();
  if (method === 'upfront') {
    return (
      <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed" aria-live="polite">
        <Fact label="What">To pay: {money(total)}</Fact>
        <Fact label="When">When you collect the car, before you drive off</Fact>
        <Fact label="Where">
          At our office, {company.address}
          <span className="block text-slate-600">Open {company.openingHours}</span>
        </Fact>
      </dl>
    );
  }
  if (method === 'card') {
    return (
      <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed" aria-live="polite">
        <Fact label="What">To pay: {money(total)}</Fact>
        <Fact label="When">
          {status
            ? 'Now, with the Pay by card now button: it opens our payment provider’s secure page.'
            : 'Right after you confirm: we take you to our payment provider’s secure page, then back to your booking.'}
        </Fact>
        <Fact label="How">With a Visa or Mastercard. We never see your card number.</Fact>
      </dl>
    );
  }
  if (bankDetailsLoading) {
    return (
      <div role="status" className="space-y-2 rounded-xl bg-slate-50 p-4">
        <span className="sr-only">Loading the bank details</span>
        <SkeletonBlock className="h-4 w-2/3" />
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-4 w-3/5" />
      </div>
    );
  }
  if (!bankDetails) {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        {MESSAGES.bankDetailsMissing}
      </p>
    );
  }
  // The main account first, then the company's others: any of them takes the deposit.
  const accounts = [bankDetails, ...(bankDetails.otherAccounts ?? [])];
  const banks = [...new Set(accounts.map((account) => account.bankName))];
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed" aria-live="polite">
      <p>
        Pay {money(total)} into {accounts.length > 1 ? 'one of the accounts' : 'the account'} below: {BANK_PAYMENT_WAYS}.
        {/* After the return there is no car to collect: the reference is how the money finds the booking. */}
        {status !== 'returned' && <> Bring the deposit slip, or the transfer&rsquo;s confirmation, when you collect the car.</>}
      </p>
      <dl className="space-y-2">
        <Fact label="What">To pay: {money(total)}</Fact>
        <Fact label="When">
          {deadline ? (
            <>
              By <strong>{formatInstantWithTime(deadline)}</strong> (Jamaica time), when the hold on the car ends. If the booking is not confirmed by then, it
              is cancelled and the days are freed.
            </>
          ) : status === 'returned' ? (
            <>As soon as you can: the car is back, and this is what is still owed on the booking.</>
          ) : status === 'confirmed' ? (
            <>Before you collect the car, if you have not paid yet.</>
          ) : status === 'pending' ? (
            <>As soon as you can: we confirm the booking once the money has arrived.</>
          ) : (
            <>
              Before the hold on the car ends, {depositDueWords(farAhead ? 1 : company.depositBankDays)}
              {farAhead ? `, since the pickup is more than ${FAR_AHEAD_DAYS} days ahead` : ''}. Your booking page shows the exact time.
            </>
          )}
        </Fact>
        <Fact label="Where">
          At any branch of {banks.join(' or ')}, or from your online banking. Write{' '}
          {reference ? (
            <>
              <strong>{reference}</strong>
              <CopyButton text={reference} what="Reference" />
            </>
          ) : (
            'your booking reference'
          )}{' '}
          on the slip, or as the transfer&rsquo;s reference, so we can match it to your booking.
        </Fact>
      </dl>
      {accounts.map((account, n) => (
        <AccountFacts key={n} account={account} title={accounts.length > 1 ? (n === 0 ? 'Main account' : `Other account ${n}`) : undefined} />
      ))}
    </div>
  );
}

/** One account's details, the number with its copy button, as the customer needs them at the bank counter. */
function AccountFacts({ account, title }: { account: Omit<OtherBankAccount, 'currency'> & { currency?: string }; title?: string }) {
  const rows: [string, string][] = [
    ['Bank', account.bankName],
    ['Account holder', account.accountHolderName],
    ['Branch', account.branch],
    ['Account number', account.accountNumber],
    ['Account type', account.accountType],
  ];
  if (account.currency) rows.push(['Currency', account.currency]);
  return (
    <section aria-label={title ?? 'Bank account'} className="rounded-lg border border-slate-200 bg-white p-3">
      {title && <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">
              {value}
              {label === 'Account number' && <CopyButton text={value} what={title ? `${title} number` : 'Account number'} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
