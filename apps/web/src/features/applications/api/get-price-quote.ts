import { pricing } from '@suanli/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '@/shared/http';
import { applicationsKeys, type QuoteParams } from './keys';

export type PriceQuote = Awaited<ReturnType<typeof fetchPriceQuote>>;

/** The quote of spec §9: original × duration discount × VIP discount; per minute it quotes one hour. */
export function fetchPriceQuote(params: QuoteParams) {
  return http.call(pricing.getGpuPrice, { query: params });
}

/** A quote asked once the choice rests this long, not at every step of a number input. */
const QUOTE_DELAY_MS = 300;

function useSettled<Value>(value: Value): Value {
  const [settled, setSettled] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as Value), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The live quote for the choice, or nothing while no GPU model is chosen; the last quote stays while the next loads. */
export function usePriceQuote(params: QuoteParams | null) {
  const settled = useSettled(params);
  return useQuery({
    queryKey: applicationsKeys.quote(settled ?? { gpuModel: '', billingMode: 'minute', duration: 1, gpuCount: 1 }),
    queryFn: () => fetchPriceQuote(settled!),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
}
