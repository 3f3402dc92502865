import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToasts, onToastsLoaded, toastsLoaded } from '../lib/toast';

const LoadedToaster = lazy(() => loadToasts().then((module) => ({ default: module.LoadedToaster })));
const notYet = () => false;

/**
 * react-hot-toast's toaster, never more than TOAST_LIMIT on screen (LoadedToaster), drawn once the
 * library is here: nothing before (on the server too, so hydration matches). The library is
 * fetched when the browser is idle after the page came alive, or at the first toast (lib/toast.ts).
 */
export function CappedToaster() {
  const loaded = useSyncExternalStore(onToastsLoaded, toastsLoaded, notYet);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void loadToasts());
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void loadToasts());
    return () => window.clearTimeout(id);
  }, []);
  return loaded ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
