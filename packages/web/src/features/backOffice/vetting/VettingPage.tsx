/**
 * /owner/vetting, "Driver checks": the customers whose driving licence and documents staff check,
 * one list at a time (waiting, approved, not approved, do not rent). Each card holds what a decision
 * needs: the details, the documents, the company's rules checked on each coming booking, and the
 * bookings; and the decisions: approve, not approve (with the reason the customer is told), and
 * "do not rent" (with a reason only staff read).
 */
import { BOOKING_STATUSES, type BookingStatus } from '@rental/contract/constants';
import { isOneOf } from '@rental/contract/oneOf';
import { phoneHref } from '@rental/contract/company';
import { companyToday } from '@rental/contract/rentalDates';
import type { VettingEntry } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatCalendarDate } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSubmit } from '../../../lib/useSubmit';
import { StaffPageHeader } from '../StaffPageHeader';
import { QueryList } from '../QueryList';
import { StatusBadge } from '../StatusBadge';
import { DoNotRentChip, VettingChip } from './CustomerChips';
import { DocumentList } from './DocumentList';
import { ReasonDialog } from './ReasonDialog';
import { clearDoNotRent, decideVetting, markDoNotRent, useVettingList } from './vettingQueries';
import { refreshBackOffice } from '../backOfficeQueries';
import {
  birthText,
  checkFindings,
  checkTitle,
  customerAnchor,
  emptyListText,
  expiresText,
  issuedText,
  reasonProblem,
  tabFromSearch,
  VETTING_PATH,
  VETTING_TABS,
} from './vettingWords';

export function VettingPage() {
  usePageMeta('Driver checks', 'Customers’ driving licences and documents to check, approve or refuse.');
  const { search, hash } = useLocation();
  const tab = tabFromSearch(search);
  const list = useVettingList(tab);
  const customers = list.data;

  // A link from a booking names the customer's card: bring it into view once the list is there.
  useEffect(() => {
    if (!customers || !hash) return;
    const card = document.getElementById(hash.slice(1));
    card?.scrollIntoView?.({ block: 'start' });
    card?.focus();
  }, [customers, hash]);

  return (
    <>
      <StaffPageHeader
        title="Driver checks"
        description="Check each customer’s driving licence and documents against the company’s rules before they drive: approve them, or not (they are told why)."
      />
      <nav aria-label="Which customers" className="mb-4">
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {VETTING_TABS.map(({ value, label }) => {
            const current = value === tab;
            return (
              <li key={value}>
                <Link
                  to={`${VETTING_PATH}?status=${value}`}
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-11 items-center justify-center rounded-lg px-4 font-medium ring-1 ring-inset ${
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
        items={customers}
        label="Customers"
        loadingText="Loading the customers…"
        emptyText={emptyListText(tab)}
        skeletonClassName="h-48 w-full"
      >
        {(customer) => <VettingCard key={customer._id} customer={customer} />}
      </QueryList>
    </>
  );
}

type Asking = 'rejected' | 'do_not_rent' | null;

function VettingCard({ customer }: { customer: VettingEntry }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking>(null);
  const refresh = () => refreshBackOffice(queryClient);
  const approve = useSubmit(() => decideVetting({ userId: customer._id, decision: 'approved', detailsUpdatedAt: customer.driver?.updatedAt }), {
    onDone: refresh,
    problemIn: 'toast',
  });
  const unmark = useSubmit(() => clearDoNotRent(customer._id), { onDone: refresh, problemIn: 'toast' });
  const status = customer.vetting.status;
  const today = companyToday();
  const headingId = `${customerAnchor(customer._id)}-name`;

  return (
    <li>
      <article
        id={customerAnchor(customer._id)}
        tabIndex={-1}
        aria-labelledby={headingId}
        className="rounded-xl border border-slate-200 bg-white p-4 focus:outline-2 focus:outline-primary sm:p-6"
      >
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {customer.name}
            </h2>
            <a href={`mailto:${customer.email}`} className="block [overflow-wrap:anywhere] text-sm text-slate-600 hover:text-primary">
              {customer.email}
            </a>
            {customer.phone ? (
              <a href={phoneHref(customer.phone)} className="block text-sm whitespace-nowrap text-slate-700 hover:text-primary">
                {customer.phone}
              </a>
            ) : (
              <span className="block text-xs text-slate-500">No phone given</span>
            )}
          </div>
          <p className="flex flex-wrap gap-1">
            <VettingChip status={status} />
            {customer.doNotRent !== null && <DoNotRentChip />}
          </p>
        </header>

        {status === 'rejected' && customer.vetting.reason && (
          <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Reason told to the customer: {customer.vetting.reason}</p>
        )}
        {customer.doNotRent !== null && (
          <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Do not rent (only staff read this): {customer.doNotRent}</p>
        )}

        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <section aria-label={`Driver details of ${customer.name}`}>
            <h3 className="mb-2 font-semibold text-slate-900">Driver details</h3>
            {customer.driver ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-500">Date of birth</dt>
                <dd className="text-slate-900">{birthText(customer.driver.dateOfBirth, today)}</dd>
                <dt className="text-slate-500">Licence number</dt>
                <dd className="[overflow-wrap:anywhere] text-slate-900">{customer.driver.licenceNumber}</dd>
                <dt className="text-slate-500">Issued in</dt>
                <dd className="text-slate-900">{customer.driver.licenceCountry}</dd>
                <dt className="text-slate-500">Issued</dt>
                <dd className="text-slate-900">{issuedText(customer.driver.licenceIssued, today)}</dd>
                <dt className="text-slate-500">Expires</dt>
                <dd className="text-slate-900">{expiresText(customer.driver.licenceExpires, today)}</dd>
              </dl>
            ) : (
              <p className="text-sm text-slate-600">No driver details given yet: they cannot be approved before they give them.</p>
            )}
            <h3 className="mt-4 mb-2 font-semibold text-slate-900">Documents</h3>
            <DocumentList documents={customer.documents} customerName={customer.name} />
          </section>

          <section aria-label={`Checks and bookings of ${customer.name}`}>
            <h3 className="mb-2 font-semibold text-slate-900">Checks</h3>
            {customer.checks.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing to check without driver details.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {customer.checks.map((check) => (
                  <li key={`${check.reference ?? 'today'}-${check.pickupDate}`} className="rounded-lg bg-slate-50 px-3 py-2">
                    <p className="font-medium text-slate-900">{checkTitle(check)}</p>
                    <ul className={check.problems.length > 0 ? 'text-red-700' : 'text-emerald-800'}>
                      {checkFindings(check).map((finding) => (
                        <li key={finding}>{finding}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="mt-4 mb-2 font-semibold text-slate-900">Bookings</h3>
            {customer.bookings.length === 0 ? (
              <p className="text-sm text-slate-600">No bookings yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {customer.bookings.map((booking) => (
                  <li key={booking.reference} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0">
                      <span className="font-mono font-semibold text-slate-900">{booking.reference}</span> <span className="text-slate-700">{booking.car}</span>
                      <span className="block text-slate-600">
                        {formatCalendarDate(booking.pickupDate)} to {formatCalendarDate(booking.returnDate)}
                      </span>
                    </span>
                    {isBookingStatus(booking.status) && <StatusBadge status={booking.status} />}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <div className="mt-5 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap">
          {status !== 'approved' && customer.driver && (
            <button type="button" className="btn-primary min-h-11" onClick={() => approve.send()} disabled={approve.busy}>
              {approve.busy ? 'Saving…' : 'Approve'}
            </button>
          )}
          {status !== 'rejected' && (
            <button type="button" className="btn-secondary min-h-11" onClick={() => setAsking('rejected')}>
              Not approve
            </button>
          )}
          {customer.doNotRent === null ? (
            <button type="button" className="btn-secondary min-h-11 text-red-700" onClick={() => setAsking('do_not_rent')}>
              Mark do not rent
            </button>
          ) : (
            <button type="button" className="btn-secondary min-h-11" onClick={() => unmark.send()} disabled={unmark.busy}>
              {unmark.busy ? 'Saving…' : 'Remove do not rent'}
            </button>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-500">{customer.name} is told by e-mail whether they are approved; never of a do not rent mark.</p>
      </article>

      {asking === 'rejected' && (
        <ReasonDialog
          title={`Not approve ${customer.name}?`}
          text={`${customer.name} is told this reason by e-mail, and their bookings waiting for confirmation are cancelled. Write it as you would say it to them.`}
          label="Reason (told to the customer)"
          hint="For example: the licence photo cannot be read. At most 300 characters."
          yes="Not approve"
          problemOf={(reason) => reasonProblem('rejected', customer._id, reason)}
          send={(reason) => decideVetting({ userId: customer._id, decision: 'rejected', reason, detailsUpdatedAt: customer.driver?.updatedAt })}
          onDone={() => {
            setAsking(null);
            return refresh();
          }}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'do_not_rent' && (
        <ReasonDialog
          title={`Mark ${customer.name} do not rent?`}
          text={`New bookings from ${customer.name} are refused with a neutral message. The reason is private: only staff read it, the customer is not told.`}
          label="Reason (only staff read it)"
          hint="What happened, for the next person who reads this card. At most 300 characters."
          yes="Mark do not rent"
          problemOf={(reason) => reasonProblem('do_not_rent', customer._id, reason)}
          send={(reason) => markDoNotRent(customer._id, { reason })}
          onDone={() => {
            setAsking(null);
            return refresh();
          }}
          onClose={() => setAsking(null)}
        />
      )}
    </li>
  );
}

function isBookingStatus(status: string): status is BookingStatus {
  return isOneOf(BOOKING_STATUSES, status);
}
