/**
 * Check-out: staff hand over the keys at the lot, on a phone. One page of numbered steps, from the
 * booking's facts to the whole agreement read by the customer and both signatures; "Hand over the keys" sends it all at once, with the damage
 * photos, and the server makes the rental agreement.
 */
import type { CounterBooking } from '@rental/contract/schemas';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../../api/client';
import { useCompanyQuery } from '../../../../company/useCompany';
import { FormProblem } from '../../../../components/FormField';
import { SkeletonBlock } from '../../../../components/Skeleton';
import { usePageMeta } from '../../../../lib/usePageMeta';
import { StaffPageHeader } from '../../StaffPageHeader';
import { BookingFacts } from './BookingFacts';
import { CheckedOut } from './CheckedOut';
import { AgreementStep, agreementKey, type ShownAgreement } from './AgreementStep';
import { buildCheckOut, type CheckOutForm, checkOutFormData, initialCheckOutForm, missingBeforeAgreement, missingBeforeSigning } from './checkOutForm';
import { useCounterBooking } from '../counterQueries';
import { DamagesStep } from './DamagesStep';
import { DepositStep } from './DepositStep';
import { HandOverButton, useHandOver } from './HandOver';
import { ItemsStep } from './ItemsStep';
import { MoneyStep } from './MoneyStep';
import { LicenceStep } from './LicenceStep';
import { ReadingsStep } from './ReadingsStep';
import { SignaturesStep } from './SignaturesStep';
import { CheckedInOnlineNote, ShortCheckOut } from './ShortCheckOut';
import { Step, type UpdateForm } from './Step';
import { needsDriverAtDesk, WalkInDriver } from './WalkInDriver';

export const DESK_PATH = '/owner/desk';

export function CheckOutPage() {
  const { id = '' } = useParams();
  usePageMeta('Check-out', 'Hand over the keys: licence, readings, damages, payment, security deposit and signatures.');
  const booking = useCounterBooking(id);
  // Kept here, not in the form: once the keys are out, the booking's new state must not replace this view.
  const [handedOver, setHandedOver] = useState<string | null>(null);
  // Read once: after the keys go, the booking reloads, and the view must stay the one handed over from.
  const checkedInOnline = Boolean(booking.data?.onlineCheckIn);

  return (
    <div className="mx-auto max-w-3xl pb-10">
      <StaffPageHeader
        title={booking.data ? `Check-out ${booking.data.reference}` : 'Check-out'}
        description={
          checkedInOnline
            ? 'Hand over the keys: read the car, take what is owing and the security deposit, and sign.'
            : 'Hand over the keys: check the licence, read the car, take the payment and the security deposit, show the agreement, and sign.'
        }
      />
      {handedOver !== null ? (
        <CheckedOut bookingId={id} message={handedOver} checkedInOnline={checkedInOnline} />
      ) : booking.isPending ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading the booking…</span>
          <SkeletonBlock className="h-40" />
          <SkeletonBlock className="h-64" />
        </div>
      ) : booking.isError ? (
        <div className="space-y-4">
          <FormProblem problem={errorMessage(booking.error)} />
          <BackToDesk />
        </div>
      ) : (
        <div className="space-y-4">
          {booking.data.onlineCheckIn && <CheckedInOnlineNote completedAt={booking.data.onlineCheckIn.completedAt} />}
          <Step number={1} title="The booking">
            <BookingFacts booking={booking.data} />
          </Step>
          {booking.data.checkOutProblem ? (
            <div className="space-y-4">
              <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
                {booking.data.checkOutProblem}
              </p>
              {/* A walk-in's licence is taken here, and the customer approved, without leaving the desk. */}
              {needsDriverAtDesk(booking.data) && <WalkInDriver booking={booking.data} />}
              <BackToDesk />
            </div>
          ) : (
            <CheckOutFormReady booking={booking.data} onHandedOver={setHandedOver} />
          )}
        </div>
      )}
    </div>
  );
}

function BackToDesk() {
  return (
    <Link to={DESK_PATH} className="btn-secondary min-h-12">
      Back to the desk
    </Link>
  );
}

/** The deposit is prefilled: from the booking's quote, else from the company's figures once they arrive. */
function CheckOutFormReady({ booking, onHandedOver }: { booking: CounterBooking; onHandedOver: (message: string) => void }) {
  const company = useCompanyQuery();
  const companyReady = booking.quote !== null || !company.isPlaceholderData || company.isError;
  if (!companyReady || !company.data) {
    return (
      <div role="status">
        <span className="sr-only">Loading the company's deposit…</span>
        <SkeletonBlock className="h-64" />
      </div>
    );
  }
  if (booking.onlineCheckIn) return <ShortCheckOut booking={booking} companyDeposit={company.data.securityDeposit} onHandedOver={onHandedOver} />;
  return <CheckOutFormView booking={booking} companyDeposit={company.data.securityDeposit} onHandedOver={onHandedOver} />;
}

function CheckOutFormView({
  booking,
  companyDeposit,
  onHandedOver,
}: {
  booking: CounterBooking;
  companyDeposit: number;
  onHandedOver: (message: string) => void;
}) {
  const [form, setForm] = useState<CheckOutForm>(() => initialCheckOutForm(booking, companyDeposit));
  const [shown, setShown] = useState<ShownAgreement | null>(null);
  const handOver = useHandOver(booking._id, onHandedOver);

  const update: UpdateForm = (patch) => setForm((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }));
  const agreementShown = shown?.key === agreementKey(form, booking.balance);
  const missing = [
    ...missingBeforeAgreement(form, booking),
    ...(agreementShown ? [] : ['Show the customer the rental agreement before they sign.']),
    ...missingBeforeSigning(form),
  ];

  return (
    <form
      aria-label="Check-out"
      noValidate
      onSubmit={handOver.send(missing, () => checkOutFormData(buildCheckOut(form, booking.balance)))}
      className="space-y-4"
    >
      <Step number={2} title="Licence and address">
        <LicenceStep booking={booking} form={form} update={update} />
      </Step>
      <Step number={3} title="Odometer and fuel">
        <ReadingsStep booking={booking} form={form} update={update} />
      </Step>
      <Step number={4} title="Damages">
        <DamagesStep openDamages={booking.openDamages} form={form} update={update} />
      </Step>
      <Step number={5} title="Items handed over">
        <ItemsStep form={form} update={update} />
      </Step>
      <Step number={6} title="Payment">
        <MoneyStep booking={booking} form={form} update={update} />
      </Step>
      <Step number={7} title="Security deposit taken">
        <DepositStep form={form} update={update} />
      </Step>
      <Step number={8} title="The rental agreement">
        <AgreementStep booking={booking} form={form} shown={shown} onShown={setShown} />
      </Step>
      <Step number={9} title="Signatures">
        {agreementShown ? (
          <SignaturesStep customerName={booking.user.name} form={form} update={update} />
        ) : (
          <p className="text-slate-700">The customer signs once they have read the agreement above.</p>
        )}
      </Step>

      <HandOverButton handOver={handOver} missing={missing} />
    </form>
  );
}
