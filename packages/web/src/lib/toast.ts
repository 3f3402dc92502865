/**
 * The app's toasts: react-hot-toast's `toast` (success, error, dismiss, remove), with the library
 * fetched apart from the entry script. It is about 5 KB gzip (with goober, its styles) that every
 * page opened first downloaded for messages shown only once something went right or wrong; now a
 * page fetches it when it is idle after hydration (CappedToaster), or at its first toast if that
 * comes sooner, and a toast asked for meanwhile shows as soon as the library is here. Call sites
 * are unchanged but for the import: `import toast from '../lib/toast'`, not 'react-hot-toast'.
 */
import type { hotToast } from '../components/LoadedToaster';

type Loaded = typeof import('../components/LoadedToaster');
type Hot = typeof hotToast;
type Message = Parameters<Hot>[0];
type Options = Parameters<Hot>[1];

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
const listeners = new Set<() => void>();

/** Fetches the library and the toaster (once). */
export function loadToasts(): Promise<Loaded> {
  loading ??= import('../components/LoadedToaster').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** The library and toaster once here (CappedToaster draws the toaster from then on), else undefined. */
export function loadedToasts(): Loaded | undefined {
  return loaded;
}

/** Tells `listener` once the library is here; returns the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs at once when the library is here, else once it arrives (in the order asked). */
function withHot(run: (toast: Hot) => void): void {
  if (loaded) run(loaded.hotToast);
  else void loadToasts().then((module) => run(module.hotToast));
}

function toast(message: Message, options?: Options): void {
  withHot((hot) => hot(message, options));
}
toast.success = (message: Message, options?: Options): void => withHot((hot) => hot.success(message, options));
toast.error = (message: Message, options?: Options): void => withHot((hot) => hot.error(message, options));
/** Before the library is here no toast is on screen: nothing to dismiss or remove. */
toast.dismiss = (id?: string): void => loaded?.hotToast.dismiss(id);
toast.remove = (id?: string): void => loaded?.hotToast.remove(id);

export default toast;
