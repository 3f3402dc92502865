import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './AppRoot';
import { createQueryClient } from './lib/queryClient';
import { fillQueryCache, SERVER_STATE_ID, type ServerQuery } from './lib/serverState';
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
  // page over at once: from hydrateRoot on, React hears every tap and replays it on the part it
  // hydrates first, so nothing tapped while the page's code arrives is lost.
  fillQueryCache(queryClient, JSON.parse(serverState.textContent || '[]') as ServerQuery[]);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the phone's main thread for the whole page (the page is already painted and readable).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
