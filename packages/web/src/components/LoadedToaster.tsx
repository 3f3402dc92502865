/** The toaster and react-hot-toast itself: fetched apart from the entry script (lib/toast.ts). */
import { TOAST_LIMIT } from '@rental/contract/constants';
import { useEffect } from 'react';
import hotToast, { Toaster, useToasterStore } from 'react-hot-toast';

export { hotToast };

/** react-hot-toast with its default durations (the spec's), never more than TOAST_LIMIT on screen. */
export function LoadedToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // Newest first: dismiss the oldest beyond the limit.
    for (const t of visible.slice(TOAST_LIMIT)) hotToast.dismiss(t.id);
  }, [toasts]);
  return <Toaster position="top-center" />;
}
