import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { loadedToasts, loadToasts, onToastsLoaded } from '../lib/toast';

/**
 * react-hot-toast's toaster, never more than TOAST_LIMIT on screen (LoadedToaster), drawn once the
 * library is here: nothing before (on the server too, so hydration matches). The library is
 * fetched when the browser is idle after the page came alive, or at the first toast (lib/toast.ts).
 * The toaster is then drawn as a transition, which React may spread over several short tasks: an
 * update from a store (useSyncExternalStore) or a lazy component's second pass would be drawn
 * urgently, in one task of a phone's CPU, about when Lighthouse decides the page is quiet.
 */
export function CappedToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    const show = () => {
      const module = loadedToasts();
      if (module) startTransition(() => setToaster(() => module.LoadedToaster));
    };
    const stopListening = onToastsLoaded(show);
    // A toast asked for before this effect ran may have brought the library already.
    show();
    const fetchWhenIdle = () => void loadToasts();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(fetchWhenIdle);
      return () => {
        window.cancelIdleCallback(id);
        stopListening();
      };
    }
    const id = window.setTimeout(fetchWhenIdle);
    return () => {
      window.clearTimeout(id);
      stopListening();
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
