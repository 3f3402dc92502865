import { useCallback, useEffect, useState } from 'react';
import type { DriverChecks } from './driverChecks';

let loading: Promise<DriverChecks> | null = null;
/** The checks' module, fetched once for every form of the page. */
export function loadDriverChecks(): Promise<DriverChecks> {
  loading ??= import('./driverChecks').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The driver checks, fetched once the form shows: `checks` is null until they are here (the form
 * then checks nothing as it is typed in), and `load()` waits for them (a send checks first).
 */
export function useDriverChecks(): { checks: DriverChecks | null; load: () => Promise<DriverChecks> } {
  const [checks, setChecks] = useState<DriverChecks | null>(null);
  useEffect(() => {
    let current = true;
    loadDriverChecks().then(
      (loaded) => current && setChecks(loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  const load = useCallback(async () => {
    const loaded = await loadDriverChecks();
    setChecks(loaded);
    return loaded;
  }, []);
  return { checks, load };
}
