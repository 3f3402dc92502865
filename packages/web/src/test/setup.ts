import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast, { loadToasts } from '../lib/toast';
import { afterEach, beforeAll, inject } from 'vitest';
import { preloadPublicPages } from '../App';
import { setApiBaseUrl } from '../api/client';

// jsdom has no matchMedia (react-hot-toast asks for prefers-reduced-motion): answer "no preference".
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// jsdom does not scroll; the layout's scroll-to-top on navigation is a no-op here.
window.scrollTo = () => {};

// Every findBy and waitFor may wait 5 s instead of Testing Library's 1 s: the real server answers
// slower on a machine busy with other work, and a wait that passes returns as soon as it can.
configure({ asyncUtilTimeout: 5_000 });

// Pages and the toasts' library are downloaded on first visit in the browser; tests render them at once.
beforeAll(() => Promise.all([preloadPublicPages(), loadToasts()]));

// Every test talks to the real server the global setup started (see globalServer.ts).
setApiBaseUrl(inject('apiBaseUrl'));

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
});
