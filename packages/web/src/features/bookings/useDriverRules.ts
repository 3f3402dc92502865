import type { DriverRules } from '@rental/contract/driverRules';
import type { Driver } from '@rental/contract/schemas';
import { useEffect, useState } from 'react';

type DriverRulesCode = typeof import('@rental/contract/driverRules');
let fetched: DriverRulesCode | undefined;

/**
 * The company's driver rules, as code fetched once the payment step shows (1.3 KB gzip: the page
 * opened first stays within its JavaScript budget). Undefined until it is here, a moment after the
 * page's own code; not fetched at all for someone who is not a customer (staff are not vetted).
 */
export function useDriverRules(wanted: boolean): DriverRulesCode | undefined {
  const [code, setCode] = useState(fetched);
  useEffect(() => {
    if (!wanted || code) return;
    let live = true;
    void import('@rental/contract/driverRules').then((loaded) => {
      fetched = loaded;
      if (live) setCode(loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, code]);
  return code;
}

/**
 * The company's driver rules the customer's saved details break on these days: each keeps Confirm
 * off (the server refuses the booking for it). None without details: a booking is taken without them.
 */
export function driverRuleProblems(code: DriverRulesCode, driver: Driver | null, pickupDate: string, returnDate: string, rules: DriverRules) {
  return driver ? code.driverProblems(driver, { pickupDate, returnDate }, rules) : [];
}
