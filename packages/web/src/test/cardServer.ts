/**
 * The second real API server of the web tests (globalServer.ts), taking cards through the local
 * payment sandbox (PAYMENT_PROVIDER=sandbox): the card payment tests run against it, since the shared
 * server takes none and other files count on that (no attempt ever opened on it).
 */
import { type ApiClient, createApiClient } from '@rental/contract/client';
import { inject } from 'vitest';

export interface CardServer {
  url: string;
  api: (token?: string) => ApiClient;
  owner: ApiClient;
}

export function cardServer(): CardServer {
  const url = inject('cardApiBaseUrl');
  if (!url) throw new Error(`The card payment server did not start for the web tests:\n${inject('apiServerProblem')}`);
  const api = (token?: string) => createApiClient({ baseUrl: url, token });
  return { url, api, owner: api(inject('cardOwnerToken')) };
}

export const APPROVED_CARD = '4111 1111 1111 1111';
export const DECLINED_CARD = '4000 0000 0000 0002';

/**
 * Pays on the sandbox's card page as a browser would (the form, then the provider's redirect to our
 * return route), and answers where our server then sends the browser: /my-bookings/<reference>?payment=….
 */
export async function payOnCardPage(server: CardServer, redirectUrl: string, card: string): Promise<string> {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1]!, redirectUrl);
  const submitted = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams({ card_number: card, expiry: '12/40', cvc: '123', name: 'Card Customer', action: 'pay' }),
    redirect: 'manual',
  });
  // The provider sends the browser to the site's public address; here that is the card server.
  const back = new URL(submitted.headers.get('location')!);
  const returned = await fetch(`${server.url}${back.pathname}${back.search}`, { redirect: 'manual' });
  return returned.headers.get('location')!;
}
