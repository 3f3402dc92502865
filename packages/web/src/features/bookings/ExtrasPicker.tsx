/**
 * What a customer may add to the car (car page, below the dates; payment step): each extra the
 * company offers with its description, price and how it is charged, a number up to its most per
 * booking; other drivers when the company charges for them; delivery and collection at the places it
 * serves. The prices shown are the offer's unit prices; what the choices cost is the quote's.
 */
import { MAX_ADDITIONAL_DRIVERS } from '@rental/contract/constants';
import { DELIVERY_PLACE_WORDS, type DeliveryPlace, EXTRA_CHARGE_WORDS } from '@rental/contract/quote';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useMoney } from '../../company/useCompany';
import { deliveryPlaces, type Offer, offersChoices, type PriceChoices } from './priceChoices';

function Stepper({ name, value, max, onChange, labelledBy }: { name: string; value: number; max: number; onChange: (n: number) => void; labelledBy: string }) {
  const button = 'grid h-10 w-10 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-primary disabled:opacity-40';
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex shrink-0 items-center gap-2">
      <button type="button" className={button} aria-label={`One less: ${name}`} disabled={value <= 0} onClick={() => onChange(value - 1)}>
        <Minus aria-hidden="true" size={16} />
      </button>
      <output aria-live="polite" aria-label={`${name}: ${value}`} className="w-6 text-center font-semibold text-slate-900">
        {value}
      </output>
      <button type="button" className={button} aria-label={`One more: ${name}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        <Plus aria-hidden="true" size={16} />
      </button>
    </div>
  );
}

export function ExtrasPicker({
  offer,
  choices,
  onChange,
  className = '',
}: {
  offer: Offer;
  choices: PriceChoices;
  onChange: (choices: PriceChoices) => void;
  className?: string;
}) {
  const money = useMoney();
  const ids = useId();
  const places = deliveryPlaces(offer.rules);
  const { delivery } = choices;
  if (!offersChoices(offer)) return null;

  const setExtra = (id: string, quantity: number) => {
    const extras = { ...choices.extras };
    if (quantity > 0) extras[id] = quantity;
    else delete extras[id];
    onChange({ ...choices, extras });
  };
  const setDelivery = (next: Partial<PriceChoices['delivery']>) => onChange({ ...choices, delivery: { ...delivery, ...next } });

  return (
    <div className={`space-y-5 ${className}`}>
      {offer.extras.length > 0 && (
        <fieldset>
          <legend className="font-semibold text-slate-900">Extras</legend>
          <ul className="mt-2 space-y-3">
            {offer.extras.map((extra) => (
              <li key={extra.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                <div className="min-w-0 text-sm">
                  <p id={`${ids}-${extra.id}`} className="font-medium text-slate-900">
                    {extra.name}
                  </p>
                  {extra.description && <p className="text-slate-600">{extra.description}</p>}
                  <p className="text-slate-700">
                    {money(extra.price)} {EXTRA_CHARGE_WORDS[extra.charge]}
                    {extra.maxPerBooking > 1 && <span className="text-slate-500"> · up to {extra.maxPerBooking}</span>}
                  </p>
                </div>
                <Stepper
                  name={extra.name}
                  value={choices.extras[extra.id] ?? 0}
                  max={extra.maxPerBooking}
                  onChange={(n) => setExtra(extra.id, n)}
                  labelledBy={`${ids}-${extra.id}`}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      {offer.rules.additionalDriverPerDay > 0 && (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
          <div className="min-w-0">
            <p id={`${ids}-drivers`} className="font-semibold text-slate-900">
              Other drivers
            </p>
            <p className="text-slate-700">
              {money(offer.rules.additionalDriverPerDay)} per driver per day · up to {MAX_ADDITIONAL_DRIVERS}. You name them on your booking page.
            </p>
          </div>
          <Stepper
            name="Other drivers"
            value={choices.additionalDrivers}
            max={MAX_ADDITIONAL_DRIVERS}
            onChange={(n) => onChange({ ...choices, additionalDrivers: n })}
            labelledBy={`${ids}-drivers`}
          />
        </div>
      )}

      {places.length > 0 && (
        <fieldset>
          <legend className="font-semibold text-slate-900">Delivery and collection</legend>
          <div className="mt-2 space-y-2 text-sm">
            <label className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
              <input
                type="radio"
                name={`${ids}-delivery`}
                className="h-5 w-5 accent-primary"
                checked={delivery.place === null}
                onChange={() => setDelivery({ place: null })}
              />
              <span>I collect and return the car at your office</span>
            </label>
            {places.map((place: DeliveryPlace) => (
              <div key={place} className="rounded-lg border border-slate-200 p-3">
                <label className="flex items-center gap-3">
                  <input
                    type="radio"
                    name={`${ids}-delivery`}
                    className="h-5 w-5 accent-primary"
                    checked={delivery.place === place}
                    onChange={() => setDelivery({ place })}
                  />
                  <span className="min-w-0">
                    {DELIVERY_PLACE_WORDS[place]}
                    <span className="block text-slate-600">{money(offer.rules.delivery[place] ?? 0)} to bring the car and take it back</span>
                  </span>
                </label>
                {delivery.place === place && (
                  <div className="mt-3 pl-8">
                    {place === 'airport' ? (
                      <>
                        <label htmlFor={`${ids}-flight`} className="field-label">
                          Flight number
                        </label>
                        <input
                          id={`${ids}-flight`}
                          className="field-input"
                          autoComplete="off"
                          maxLength={12}
                          placeholder="JM 123"
                          value={delivery.flightNumber}
                          onChange={(e) => setDelivery({ flightNumber: e.target.value })}
                        />
                      </>
                    ) : (
                      <>
                        <label htmlFor={`${ids}-address`} className="field-label">
                          Address in {place === 'portmore' ? 'Portmore' : 'Kingston'}
                        </label>
                        <input
                          id={`${ids}-address`}
                          className="field-input"
                          autoComplete="street-address"
                          maxLength={200}
                          value={delivery.address}
                          onChange={(e) => setDelivery({ address: e.target.value })}
                        />
                      </>
                    )}
                  </div>
                )}
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
