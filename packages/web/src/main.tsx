import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadPageAt } from './App';
import { AppRoot } from './AppRoot';
import { storedToken } from './api/client';
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
  // The server drew this page (decision 075): start from the data it drew it with.
  fillQueryCache(queryClient, JSON.parse(serverState.textContent || '[]') as ServerQuery[]);
  // With the page's code here first, one pass hydrates the whole page (no part waits, inert).
  const start = () => {
    // The server cannot see a stored session (it lives in this browser's storage), so it drew the
    // page for a visitor; a logged-in customer's page is drawn afresh instead of hydrated into a mismatch.
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the phone's main thread for the whole page (the page is already painted and readable).
    startTransition(() => {
      if (storedToken() === null) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  };
  preloadPageAt(window.location.pathname).then(start, start);
}
