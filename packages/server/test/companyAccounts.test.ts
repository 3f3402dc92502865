/**
 * The accountant's account names (decision 115) are the company's own: the public company answer,
 * its OpenAPI description and the public pages drawn on the server never carry them; managers and
 * owners read them through the staff call, and a save that leaves them out keeps them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, LEDGER_ACCOUNTS, ROUTES } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createOwner, createStaff, createTestApp, describeDatabase, refusalOf, registerCustomer, type TestApp, testApi } from './helpers';

/** A web build whose server entry draws / with the company's answer and embeds what it was drawn with, as the real one does. */
const STAND_IN_ENTRY = `
export const ready = Promise.resolve();
export function pageQueries(pathname) {
  return pathname === '/' ? [{ queryKey: ['company'], path: '/api/company' }] : null;
}
export function pageModule() {
  return undefined;
}
export function renderPage(url, fetched) {
  return { html: '<h1>' + fetched[0].answer.company.name + '</h1>', state: JSON.stringify(fetched) };
}
`;
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>';

/** Names no default and no other fact could hold, so finding one anywhere means it leaked. */
const NAMES = {
  accountRentalIncome: '4010 Hire Portmore',
  accountExtrasIncome: '4020 Extras Portmore',
  accountGctPayable: '2200 GCT Owing TAJ',
  accountDepositsHeld: '2300 Deposits Kept Back',
  accountCustomerBalances: '1250 Renters Owing',
  accountBank: 'NCB Current 4411',
  accountCash: 'Petty Cash Drawer 7',
  accountCardClearing: 'WiPay Clearing 9',
};

describe(`the accountant's account names stay with staff (${describeDatabase})`, () => {
  let t: TestApp;
  let webRoot: string;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let customer: Account;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'rental-web-accounts-'));
    const webDist = join(webRoot, 'dist');
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await mkdir(join(webRoot, 'dist-ssr'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webRoot, 'dist-ssr', 'entry-server.js'), STAND_IN_ENTRY);
    t = await createTestApp({ webDist });
    owner = await createOwner(t.app);
    [manager, agent, customer] = await Promise.all([createStaff(t.app, 'manager'), createStaff(t.app, 'agent'), registerCustomer(t.app)]);
    // A manager saves the company's own names, as the Company settings page does.
    const { company } = await testApi(t.app, manager.token).call('staffCompany');
    const contacts = { phone: '876 555 0199', email: 'desk@example.com', chatUrl: 'https://wa.me/18765550199' };
    await testApi(t.app, manager.token).call('updateCompany', { body: { ...company, ...contacts, ...NAMES } });
  });
  afterAll(async () => {
    await t?.close();
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });

  const leaked = (text: string) => Object.values(NAMES).filter((name) => text.includes(name));

  it('leaves them out of the public company answer, to anyone, signed in or not', async () => {
    for (const token of [undefined, customer.token, manager.token]) {
      const res = await t.app.inject({ method: 'GET', url: API.company, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.statusCode).toBe(200);
      expect(leaked(res.body)).toEqual([]);
      for (const key of LEDGER_ACCOUNTS) expect(res.json().company).not.toHaveProperty(key);
      // The rest of the facts are still there.
      expect(res.json().company.phone).toBe('876 555 0199');
    }
  });

  it('leaves them out of a public page drawn on the server and the data it embeds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    // Drawn with the company's answer (its name is on the page), yet no account name is in it.
    const { company } = await testApi(t.app).call('company');
    expect(res.body).toContain(`<h1>${company.name}</h1>`);
    expect(res.body).toContain('id="server-state"');
    expect(leaked(res.body)).toEqual([]);
  });

  it('says so in the OpenAPI description: the public answer has no account names, the staff one has them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: API.openApi })).json();
    const answerOf = (path: string, method: string) => JSON.stringify(doc.paths[path][method].responses['200']);
    for (const key of LEDGER_ACCOUNTS) {
      expect(answerOf(ROUTES.company.path, 'get')).not.toContain(key);
      expect(answerOf(ROUTES.staffCompany.path, 'get')).toContain(key);
    }
  });

  it('gives them to managers and owners through the staff call', async () => {
    for (const who of [manager, owner]) {
      const { company } = await testApi(t.app, who.token).call('staffCompany');
      expect(company).toMatchObject(NAMES);
      expect(company.phone).toBe('876 555 0199');
    }
  });

  it('refuses the staff call to agents, customers and strangers, with a code', async () => {
    for (const [who, status] of [
      [agent, 403],
      [customer, 403],
      [undefined, 401],
    ] as const) {
      const refused = await refusalOf(testApi(t.app, who?.token).call('staffCompany'));
      expect(refused.status).toBe(status);
      expect(refused.answer).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expect(leaked(JSON.stringify(refused.answer))).toEqual([]);
    }
  });

  it('keeps them when a save leaves them out (a client that reads only the public answer)', async () => {
    const { company } = await testApi(t.app).call('company');
    const saved = await testApi(t.app, manager.token).call('updateCompany', { body: { ...company, openingHours: 'Mon–Sat 7:30–18:30' } });
    expect(saved.company).toMatchObject(NAMES);
    expect((await testApi(t.app, owner.token).call('staffCompany')).company).toMatchObject({ ...NAMES, openingHours: 'Mon–Sat 7:30–18:30' });
  });
});
