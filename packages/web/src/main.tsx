import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './AppRoot';
import { createQueryClient } from './lib/queryClient';
import { noteDrawnFields } from './lib/drawnField';
import { answersCheckedAt, fillQueryCache, SERVER_STATE_ID, type ServerQuery } from './lib/serverState';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

const queryClient = createQueryClient();
const app = <AppRoot queryClient={queryClient} Router={BrowserRouter} />;
const serverState = document.getElementById(SERVER_STATE_ID);

if (!serverState) {
  createRoot(root).render(app);
} else {
  // The server drew this page (decision 075): start from the data it drew it with, and take the
  // page over at once. Taps made before the page's own part is hydrated are held by boot.ts and
  // given again once that part says it is live (SayPageLive, decision 076): React drops a tap on a
  // part it has not hydrated yet. What is chosen or typed meanwhile stays in the page, and each
  // field's owner reads it as it is hydrated (lib/drawnField.ts, decision 086).
  // Three tasks, so that none is long enough to hold up a tap (a phone counts a task past 50 ms as
  // blocking): this module's evaluation (the whole entry chunk's, ~70-90 ms of a phone's CPU), then
  // the drawn answers put in the query cache (a query and its timer each, ~10 ms on a car's page),
  // then hydration's start. As a transition, hydration then yields to the browser every few
  // milliseconds (the page is already painted and readable meanwhile).
  setTimeout(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    fillQueryCache(queryClient, JSON.parse(serverState.textContent || '[]') as ServerQuery[], answersCheckedAt(navigation, performance.timeOrigin));
    setTimeout(() => {
      noteDrawnFields(root);
      startTransition(() => {
        hydrateRoot(root, app);
      });
    }, 0);
  }, 0);
}
