/**
 * The server's quote (POST /api/bookings/quote) for a car, its days and the customer's choices:
 * every price on the car page and the payment step is one of its lines.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';
import { choicesBody, choicesSearch, choicesState, type PriceChoices } from './priceChoices';

/** The value as it was once it stopped changing for `ms`: a quote is asked once the customer pauses, not at each tap. */
export function useSettled<T>(value: T, key: string, ms = 300): T {
  const [settled, setSettled] = useState({ value, key });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ value, key }), ms);
    return () => clearTimeout(timer);
    // The key says when the value changed; the value itself is a new object at each render.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled.key === key ? value : settled.value;
}

export type QuoteAsk = { carId: string; pickupDate: string; returnDate: string; choices: PriceChoices };

/**
 * The quote for a car, its days and the choices, asked once the choices have settled. While a new
 * quote is on its way the last one stays on screen (isPlaceholderData says it is being refreshed);
 * a refusal (422: a season's fewest days, an extra no longer offered) is the server's sentence.
 */
export function useQuote(ask: QuoteAsk | null) {
  const settled = useSettled(ask, quoteKeyOf(ask));
  return useQuery({
    queryKey: settled ? queryKeys.quote(settled.carId, settled.pickupDate, settled.returnDate, choicesKeyOf(settled.choices)) : ['quote', 'none'],
    queryFn: () =>
      callApi('quote', {
        body: { car: settled!.carId, pickupDate: settled!.pickupDate, returnDate: settled!.returnDate, ...choicesBody(settled!.choices) },
      }),
    select: (answer) => answer.quote,
    enabled: settled !== null,
    placeholderData: (previous) => previous,
  });
}

const choicesKeyOf = (choices: PriceChoices) => `${choicesSearch(choices)}|${choicesState(choices)?.deliveryAddress ?? ''}`;
const quoteKeyOf = (ask: QuoteAsk | null) => (ask ? `${ask.carId}/${ask.pickupDate}/${ask.returnDate}/${choicesKeyOf(ask.choices)}` : '');
