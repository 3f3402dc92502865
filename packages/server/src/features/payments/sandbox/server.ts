/**
 * A local stand-in for WiPay's hosted card page, speaking the same protocol (PAYMENTS.md): the demo
 * and the tests take "card payments" with no internet and no money. Account 1234567890 and API key
 * 123, as WiPay's own sandbox. Its pages are plain HTML; nothing it holds outlives the process.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wipayHash } from '../wipay';

export const SANDBOX_ACCOUNT_NUMBER = '1234567890';
export const SANDBOX_API_KEY = '123';

/** The cards the sandbox knows; any other number is declined. Shown on its page and in the demo's log. */
export const SANDBOX_TEST_CARDS = [
  { number: '4111 1111 1111 1111', result: 'approved' },
  { number: '4000 0000 0000 0002', result: 'declined: "Card declined"' },
] as const;
const APPROVED = '4111111111111111';

export interface PaymentSandbox {
  /** The base address the server gives the WiPay adapter (as WIPAY_URL), no trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** 0 (default): any free port. */
  port?: number;
  /** Default 127.0.0.1; the demo listens where the site does, so a phone on the network reaches the page too. */
  host?: string;
  /** The host name in the card page's address, the one a browser uses (default 127.0.0.1). */
  publicHost?: string;
}

interface Order {
  transactionId: string;
  orderId: string;
  total: string;
  currency: string;
  origin: string;
  responseUrl: string;
  done: boolean;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * `returnOrigin`: the merchant's site, where paying redirects the browser. Browsers apply
 * form-action to a form's redirects too, so a card page allowing only 'self' would strand the
 * customer on it after Pay.
 */
function send(response: ServerResponse, status: number, type: string, body: string, returnOrigin?: string): void {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'self'";
  response.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
  });
  response.end(body);
}

function cardPage(order: Order, problem?: string): string {
  const cards = SANDBOX_TEST_CARDS.map((card) => `<li><code>${card.number}</code>: ${escapeHtml(card.result)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay by card (sandbox)</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:420px;margin:24px auto;padding:0 16px;color:#111">
<p style="background:#fff3cd;padding:8px">Payment sandbox: no real card is charged.</p>
<h1 style="font-size:22px">Pay ${escapeHtml(order.currency)} ${escapeHtml(order.total)}</h1>
<p>To ${escapeHtml(order.origin)}, order ${escapeHtml(order.orderId)}.</p>
${problem ? `<p role="alert" style="color:#a00">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/pay/${encodeURIComponent(order.transactionId)}">
<p><label>Card number<br><input name="card_number" inputmode="numeric" autocomplete="cc-number" required style="width:100%"></label></p>
<p><label>Expiry (MM/YY)<br><input name="expiry" autocomplete="cc-exp" placeholder="12/30" required></label></p>
<p><label>CVC<br><input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label></p>
<p><label>Name on the card<br><input name="name" autocomplete="cc-name" required style="width:100%"></label></p>
<p><button type="submit" name="action" value="pay">Pay</button> <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>
<h2 style="font-size:16px">Test cards</h2>
<ul>${cards}</ul>
<p>Any future expiry date, any 3 digits as the CVC, any name.</p>
</body></html>`;
}

function donePage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment sandbox</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:420px;margin:24px auto"><p>${escapeHtml(message)}</p></body></html>`;
}

/** "2026-05-01 14:03:09", as WiPay writes its date. */
function wipayDate(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'Please write the expiry date as MM/YY, such as 12/30.';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'The expiry month must be between 01 and 12.';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'This card has expired.';
  return undefined;
}

export async function startPaymentSandbox(options: SandboxOptions = {}): Promise<PaymentSandbox> {
  const orders = new Map<string, Order>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    if (request.method === 'POST' && url.pathname === '/plugins/payments/request') {
      const form = await readForm(request);
      const refuse = (message: string) => send(response, 422, 'application/json', JSON.stringify({ message }));
      if (form.get('account_number') !== SANDBOX_ACCOUNT_NUMBER) return refuse('The account number is not valid.');
      if (form.get('method') !== 'credit_card' || form.get('country_code') !== 'JM') return refuse('Only credit_card in JM is offered.');
      const currency = form.get('currency') ?? '';
      if (!['JMD', 'USD'].includes(currency)) return refuse('The currency must be JMD or USD.');
      const total = form.get('total') ?? '';
      if (!/^\d+\.\d{2}$/.test(total) || Number(total) <= 0) return refuse('The total must be a positive amount with two decimals.');
      const orderId = form.get('order_id') ?? '';
      if (orderId === '' || orderId.length > 16) return refuse('The order id must be 1 to 16 characters.');
      const responseUrl = form.get('response_url') ?? '';
      if (!/^https?:\/\//.test(responseUrl)) return refuse('The response url must be an http(s) address.');
      const transactionId = `SB-${randomBytes(8).toString('hex')}`;
      orders.set(transactionId, { transactionId, orderId, total, currency, origin: form.get('origin') || 'the merchant', responseUrl, done: false });
      return send(
        response,
        200,
        'application/json',
        JSON.stringify({ url: `${publicBase}/pay/${transactionId}`, message: 'OK', transaction_id: transactionId }),
      );
    }
    const pay = /^\/pay\/([\w-]{1,64})$/.exec(url.pathname);
    const order = pay ? orders.get(pay[1]!) : undefined;
    if (!order) return send(response, 404, 'text/html', donePage('This payment page does not exist.'));
    if (order.done) return send(response, 409, 'text/html', donePage('This payment is finished. You may close this page.'));
    const returnOrigin = new URL(order.responseUrl).origin;
    if (request.method === 'GET') return send(response, 200, 'text/html', cardPage(order), returnOrigin);
    if (request.method !== 'POST') return send(response, 405, 'text/html', donePage('Not allowed.'));

    const form = await readForm(request);
    const now = new Date();
    const back = new URL(order.responseUrl);
    const number = (form.get('card_number') ?? '').replace(/[\s-]/g, '');
    let status: 'success' | 'failed';
    let message: string;
    if (form.get('action') === 'cancel') {
      status = 'failed';
      message = 'Payment cancelled by the customer';
    } else {
      if (!/^\d{12,19}$/.test(number))
        return send(response, 422, 'text/html', cardPage(order, 'Please write the card number as 12 to 19 digits.'), returnOrigin);
      const problem =
        expiryProblem(form.get('expiry') ?? '', now) ??
        (/^\d{3,4}$/.test(form.get('cvc') ?? '') ? undefined : 'The CVC is the 3 or 4 digits on the back of the card.');
      if (problem) return send(response, 422, 'text/html', cardPage(order, problem), returnOrigin);
      status = number === APPROVED ? 'success' : 'failed';
      message = status === 'success' ? 'Transaction approved' : 'Card declined';
    }
    order.done = true;
    const result: Record<string, string> = {
      status,
      transaction_id: order.transactionId,
      order_id: order.orderId,
      total: order.total,
      currency: order.currency,
      card: number.length >= 4 ? `XXXXXXXXXXXX${number.slice(-4)}` : '',
      message,
      date: wipayDate(now),
    };
    // Signed either way: the site believes no result, paid or not, that it cannot check.
    result.hash = wipayHash(order.transactionId, order.total, SANDBOX_API_KEY);
    for (const [key, value] of Object.entries(result)) back.searchParams.set(key, value);
    response.writeHead(303, { location: back.toString(), 'cache-control': 'no-store' });
    response.end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 400, 'text/html', donePage('The request could not be read.'));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicBase = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  // The server itself reaches it on the loopback when it listens on every address.
  const host = options.host ?? '127.0.0.1';
  const ownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${ownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
