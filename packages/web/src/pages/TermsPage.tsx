import {
  FAR_AHEAD_DAYS,
  FAR_AHEAD_HOLD_MINUTES,
  MAX_DAYS_AHEAD,
  MAX_PENDING_BOOKINGS,
  MAX_PENDING_BOOKINGS_PER_ADDRESS,
  MAX_RENTAL_DAYS,
} from '@rental/contract/constants';
import { COMPANY_SETTING_UP, depositNotice, phoneHref } from '@rental/contract/company';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REQUIREMENTS, VETTING } from '../company/rentalTerms';
import { useCompany, useCompanyContacts, useMoney } from '../company/useCompany';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { depositDueWords, refundPolicy } from '@rental/contract/refunds';
import { usePageMeta } from '../lib/usePageMeta';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** /terms: what renting from the company asks and promises. Amounts and contacts come from company settings. */
export default function TermsPage() {
  const company = useCompany();
  const contacts = useCompanyContacts();
  const money = useMoney();
  usePageMeta('Rental terms', `What you need to rent a car from ${company.name}, the security deposit, payment, holds and cancelling.`);
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Rental terms</h1>
      <p className="mt-4 text-lg text-slate-600">
        These terms apply to every booking with {company.name}. By ticking “I accept the rental terms” when you book, you agree to them.
      </p>

      <Part id="terms-requirements" title="What you need to rent">
        <ul className="list-disc space-y-1 pl-6">
          {REQUIREMENTS.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <p>Bring these with you when you collect the car. {VETTING}</p>
      </Part>

      <Part id="terms-price" title="Price and security deposit">
        <p>
          The rental price is each day’s rate (a season such as Christmas may price its days differently) for the days from the pickup day to the return day
          (collected on a Monday and returned on the Thursday is 3 days), and at least one day: a car returned the day it was collected costs one day. Extras,
          other drivers and delivery are added as you choose them, then GCT
          {company.gctPercent > 0 ? ` (${company.gctPercent}%)` : ''}. The price shown for your dates is the price you pay. Prices are in {company.currency},
          written like “{money(8500)}”.
        </p>
        <p>
          {depositNotice(company)} This security deposit of {money(company.securityDeposit)} is not part of the rental price: you pay it at our office when you
          collect the car, and we give it back when you return the car as you received it.
        </p>
      </Part>

      <Part id="terms-payment" title="Paying">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>{PAYMENT_METHOD_TEXT.upfront.name}:</strong> {PAYMENT_METHOD_TEXT.upfront.summary} Our office: {company.address}, open{' '}
            {company.openingHours}.
          </li>
          <li>
            <strong>{PAYMENT_METHOD_TEXT.cash_deposit.name}:</strong> {PAYMENT_METHOD_TEXT.cash_deposit.summary} Pay {depositDueWords(company.depositBankDays)};
            your booking page shows our account and the exact time. Bring the deposit slip, or the transfer's confirmation, when you collect the car.
          </li>
          <li>
            <strong>{PAYMENT_METHOD_TEXT.card.name}</strong> (when we offer it): {PAYMENT_METHOD_TEXT.card.summary} Nothing more is asked at our office but the
            security deposit.
          </li>
        </ul>
      </Part>

      <Part id="terms-holds" title="Holds, confirmation and cancelling">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            A new booking is a hold on the car’s days while we confirm it. We hold it for 48 hours, unless we tell you otherwise (paid by cash deposit:{' '}
            {depositDueWords(company.depositBankDays)}); your booking page shows the exact time. A booking we have not confirmed by then, with nothing paid, is
            cancelled and its days are freed. A booking whose pickup is more than {FAR_AHEAD_DAYS} days ahead is held for {FAR_AHEAD_HOLD_MINUTES / 60} hours
            (paid by cash deposit: to the end of the next bank day).
          </li>
          <li>
            You may have at most {MAX_PENDING_BOOKINGS} bookings waiting for confirmation at once, and bookings made from one internet connection at most{' '}
            {MAX_PENDING_BOOKINGS_PER_ADDRESS}.
          </li>
          <li>
            You can book up to {MAX_DAYS_AHEAD} days ahead, for at most {MAX_RENTAL_DAYS} days.
          </li>
          <li>
            You can cancel a booking yourself, on its page under{' '}
            <Link to="/my-bookings" className="font-medium text-primary underline">
              My Bookings
            </Link>
            , while it waits for confirmation, or once confirmed until the day before pickup. From the pickup day on, please call us
            {contacts ? (
              <>
                {' '}
                on{' '}
                <a href={phoneHref(contacts.phone)} className="font-medium text-primary underline">
                  {contacts.phone}
                </a>
              </>
            ) : null}
            .
          </li>
          <li>We may cancel a booking that does not meet these terms; you then see “Cancelled by the company” on it.</li>
        </ul>
      </Part>

      <Part id="terms-refunds" title="Refunds and card payments">
        <ul className="list-disc space-y-2 pl-6">
          {refundPolicy(company.refundBankDays).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Part>

      <Part id="terms-contact" title="Questions">
        <p>
          {contacts ? (
            <>
              Write to{' '}
              <a href={`mailto:${contacts.email}`} className="font-medium text-primary underline">
                {contacts.email}
              </a>{' '}
              or call{' '}
              <a href={phoneHref(contacts.phone)} className="font-medium text-primary underline">
                {contacts.phone}
              </a>
              .
            </>
          ) : (
            COMPANY_SETTING_UP
          )}{' '}
          How we look after your details:{' '}
          <Link to="/privacy" className="font-medium text-primary underline">
            privacy
          </Link>
          .
        </p>
      </Part>
    </div>
  );
}
