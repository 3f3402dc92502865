/**
 * /owner/prices, "Prices and extras": the weekly and monthly rates, the fee for other drivers,
 * delivery fees, the seasons and the extras, saved together with one button (PUT /api/owner/prices).
 * The rules live in pricesForm.ts; this page lays the boxes out and sends.
 */
import { MAX_EXTRAS, MAX_SEASONS } from '@rental/contract/schemas';
import { DELIVERY_PLACE_WORDS, DELIVERY_PLACES, type Extra, type PriceRules } from '@rental/contract/quote';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { SkeletonBlock } from '../../../components/Skeleton';
import { useCompany } from '../../../company/useCompany';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSubmit } from '../../../lib/useSubmit';
import { StaffPageHeader } from '../StaffPageHeader';
import { useStaffCars } from '../backOfficeQueries';
import { ExtraFields } from './ExtraFields';
import { fieldId, GroupProblem, PriceField } from './PriceField';
import {
  emptyExtra,
  emptySeason,
  type ExtraForm,
  formFromPrices,
  type PricesErrors,
  type PricesForm,
  pricesFromForm,
  type SeasonForm,
  SUGGESTED_EXTRAS,
  suggestedExtra,
  validatePricesForm,
} from './pricesForm';
import { pricesKey, refreshPrices, savePrices, useStaffPrices } from './pricesQueries';
import { SeasonFields } from './SeasonFields';

export function PricesPage() {
  usePageMeta('Prices and extras', 'Seasons, weekly and monthly rates, other drivers, delivery fees and the extras customers can add.');
  const prices = useStaffPrices();
  return (
    <>
      <StaffPageHeader
        title="Prices and extras"
        description="What customers pay beside each car’s usual daily rate: seasons, weekly and monthly rates, other drivers, delivery, and the extras they can add."
      />
      {prices.isPending ? (
        <div aria-busy="true" className="max-w-3xl space-y-4">
          <span role="status" className="sr-only">
            Loading the prices…
          </span>
          {[0, 1, 2].map((i) => (
            <SkeletonBlock key={i} className="h-40" />
          ))}
        </div>
      ) : prices.isError ? (
        <div role="alert" className="flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{errorMessage(prices.error)}</p>
          <button type="button" className="btn-secondary min-h-11" onClick={() => prices.refetch()} disabled={prices.isFetching}>
            Try again
          </button>
        </div>
      ) : (
        <PricesEditor initial={prices.data} />
      )}
    </>
  );
}

const sectionClass = 'min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';
const legendClass = 'text-lg font-semibold text-slate-900';

function PricesEditor({ initial }: { initial: { rules: PriceRules; extras: Extra[] } }) {
  const queryClient = useQueryClient();
  const { gctPercent, currency } = useCompany();
  const cars = useStaffCars().data;
  const [form, setForm] = useState<PricesForm>(() => formFromPrices(initial.rules, initial.extras));
  const [errors, setErrors] = useState<PricesErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a season or extra is added or removed, where the focus goes once it is drawn.
  const [focusNext, setFocusNext] = useState<string | null>(null);

  useEffect(() => {
    if (!focusNext) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const submit = useSubmit(() => savePrices(pricesFromForm(form)), {
    onDone: (answer) => {
      // New extras now have ids: a second save must change them, not add them again.
      setForm(formFromPrices(answer.rules, answer.extras));
      setErrors({});
      setAttempted(false);
      queryClient.setQueryData(pricesKey, { success: true as const, rules: answer.rules, extras: answer.extras });
      return refreshPrices(queryClient);
    },
  });

  const change = (next: PricesForm) => {
    setForm(next);
    if (attempted) setErrors(validatePricesForm(next));
  };
  const setSeason = (index: number, patch: Partial<SeasonForm>) =>
    change({ ...form, seasons: form.seasons.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  const setExtra = (index: number, patch: Partial<ExtraForm>) => change({ ...form, extras: form.extras.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  const addExtra = (extra: ExtraForm) => {
    change({ ...form, extras: [...form.extras, extra] });
    // A suggestion comes with everything but the price, which is the company's to say.
    setFocusNext(fieldId(`extras.${form.extras.length}.${extra.name ? 'price' : 'name'}`));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const problems = validatePricesForm(form);
    // Drawn at once, so the first box with a problem, in the page's order, can take the focus.
    flushSync(() => setErrors(problems));
    if (Object.keys(problems).length > 0) {
      submit.clearProblem();
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]')?.focus();
      return;
    }
    void submit.send();
  };

  const money = `Whole ${currency}, before GCT.`;
  // The usual extras are offered while the company has saved none, until each is on the list.
  const suggestions = form.extras.some((extra) => extra.id)
    ? []
    : SUGGESTED_EXTRAS.filter((suggestion) => !form.extras.some((extra) => extra.name.trim().toLowerCase() === suggestion.name.toLowerCase()));
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Prices and extras" className="max-w-3xl space-y-6">
      <p className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900">
        Every price here is before GCT: customers are quoted it with GCT at {gctPercent}% added (the rate is on{' '}
        <Link to="/owner/settings" className="font-medium underline">
          Company settings
        </Link>
        ). A save changes what new bookings are quoted; bookings already made keep their price.
      </p>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Longer rentals and other drivers</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <PriceField
            field="weeklyPercentOff"
            label="Weekly rate, % off"
            hint="For 7 days or more. 0: none."
            optional
            value={form.weeklyPercentOff}
            error={errors.weeklyPercentOff}
            onChange={(weeklyPercentOff) => change({ ...form, weeklyPercentOff })}
          />
          <PriceField
            field="monthlyPercentOff"
            label="Monthly rate, % off"
            hint="For 28 days or more, instead of the weekly rate. 0: none."
            optional
            value={form.monthlyPercentOff}
            error={errors.monthlyPercentOff}
            onChange={(monthlyPercentOff) => change({ ...form, monthlyPercentOff })}
          />
          <PriceField
            field="additionalDriverPerDay"
            label="Other driver, per day"
            hint={`Each driver beside the customer. ${money} 0: free.`}
            optional
            value={form.additionalDriverPerDay}
            error={errors.additionalDriverPerDay}
            onChange={(additionalDriverPerDay) => change({ ...form, additionalDriverPerDay })}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Delivery and collection</legend>
        <p className="text-sm text-slate-600">The fee to bring the car to the customer and fetch it again. {money} Empty: not offered there; 0: free.</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {DELIVERY_PLACES.map((place) => (
            <PriceField
              key={place}
              field={`delivery.${place}`}
              label={DELIVERY_PLACE_WORDS[place]}
              optional
              value={form.delivery[place]}
              error={errors[`delivery.${place}`]}
              onChange={(fee) => change({ ...form, delivery: { ...form.delivery, [place]: fee } })}
            />
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="prices-seasons" className={sectionClass}>
        <h2 id="prices-seasons" className={legendClass}>
          Seasons
        </h2>
        <p className="text-sm text-slate-600">
          Days with their own prices, such as Christmas or carnival. Each day of a rental is priced by the season it falls in.
        </p>
        <GroupProblem field="seasons" error={errors.seasons} />
        {form.seasons.length === 0 && <p className="text-slate-600">No seasons: every day is priced at each car’s usual daily rate.</p>}
        {form.seasons.map((season, index) => (
          <SeasonFields
            key={season.key}
            season={season}
            index={index}
            errors={errors}
            cars={cars}
            currency={currency}
            onChange={(patch) => setSeason(index, patch)}
            onRemove={() => {
              change({ ...form, seasons: form.seasons.filter((_, i) => i !== index) });
              setFocusNext('prices-add-season');
            }}
          />
        ))}
        <button
          id="prices-add-season"
          type="button"
          className="btn-secondary min-h-11"
          disabled={form.seasons.length >= MAX_SEASONS}
          onClick={() => {
            change({ ...form, seasons: [...form.seasons, emptySeason()] });
            setFocusNext(fieldId(`seasons.${form.seasons.length}.name`));
          }}
        >
          Add a season
        </button>
      </section>

      <section aria-labelledby="prices-extras" className={sectionClass}>
        <h2 id="prices-extras" className={legendClass}>
          Extras
        </h2>
        <p className="text-sm text-slate-600">
          What customers can add to a booking beside the car. A removed extra is no longer offered once you save; bookings that have it keep it.
        </p>
        <GroupProblem field="extras" error={errors.extras} />
        {suggestions.length > 0 && (
          <div className="space-y-3">
            <p className="text-slate-600">{form.extras.length === 0 ? 'No extras yet. Start from the usual ones:' : 'The usual ones:'}</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {suggestions.map((suggestion) => (
                <button key={suggestion.name} type="button" className="btn-secondary min-h-11" onClick={() => addExtra(suggestedExtra(suggestion))}>
                  Add {suggestion.name.toLowerCase()}
                </button>
              ))}
            </div>
          </div>
        )}
        {form.extras.map((extra, index) => (
          <ExtraFields
            key={extra.key}
            extra={extra}
            index={index}
            errors={errors}
            currency={currency}
            onChange={(patch) => setExtra(index, patch)}
            onRemove={() => {
              change({ ...form, extras: form.extras.filter((_, i) => i !== index) });
              setFocusNext('prices-add-extra');
            }}
          />
        ))}
        <button
          id="prices-add-extra"
          type="button"
          className="btn-secondary min-h-11"
          disabled={form.extras.length >= MAX_EXTRAS}
          onClick={() => addExtra(emptyExtra())}
        >
          Add an extra
        </button>
      </section>

      <FormProblem problem={submit.problem} />
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={submit.busy}>
        {submit.busy && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {submit.busy ? 'Saving…' : 'Save prices and extras'}
      </button>
    </form>
  );
}
