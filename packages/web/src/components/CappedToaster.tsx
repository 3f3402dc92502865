import { TOAST_LIMIT } from '@rental/contract/constants';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** react-hot-toast with its default durations (the spec's), never more than TOAST_LIMIT on screen. */
export function CappedToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // Newest first: dismiss the oldest beyond the limit.
    for (const t of visible.slice(TOAST_LIMIT)) toast.dismiss(t.id);
  }, [toasts]);
  return <Toaster position="top-center" />;
}
