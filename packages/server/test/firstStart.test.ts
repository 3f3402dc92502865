/**
 * A first start tells the owner what is left: the dashboard's checklist turns each item done as
 * it is done; and until the owner saves the company settings, no placeholder phone or e-mail is
 * shown or sent: the company answer says so and the letters say the company is setting up.
 */
import { COMPANY_SETTING_UP, DEFAULT_COMPANY, pathFor } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { withoutPlaceholderContacts } from '../src/features/company/settingUp';
import { createOwner, createStaff, createTestApp, describeDatabase, registerCustomer, type Account, type TestApp, testApi } from './helpers';
import { addCar } from './support/fleet';

const OWN = { phone: '+1 (876) 943-2210', email: 'desk@portmorecars.example', chatUrl: 'https://wa.me/18769432210' };

describe(`a first start (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp({ companySaved: false, config: { publicUrl: 'https://rent.example.com' } });
    owner = await createOwner(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const setup = async () => (await testApi(t.app, owner.token).call('dashboard')).dashboardData.setup;

  async function resetLetter(email: string) {
    await testApi(t.app).call('forgotPassword', { body: { email } });
    const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    return rows.at(-1)!;
  }

  it('starts with every item to do, and no phone or e-mail to show or send', async () => {
    expect(await setup()).toEqual({ companyFacts: false, bankDetails: false, car: false, mail: false, cardPayments: false, secondStaff: false });
    const answer = await testApi(t.app).call('company');
    expect(answer.contactsSaved).toBe(false);
    // Not even in the answer (nor, so, in a drawn page's JSON): the placeholders are answered empty.
    expect(answer.company).toMatchObject({ phone: '', email: '', chatUrl: '' });

    const customer = await registerCustomer(t.app);
    const letter = await resetLetter(customer.user.email);
    for (const body of [letter.textBody, letter.htmlBody]) {
      expect(body).not.toContain(DEFAULT_COMPANY.phone);
      expect(body).not.toContain(DEFAULT_COMPANY.email);
      expect(body).toContain(COMPANY_SETTING_UP);
    }
  });

  it('each item turns done as the owner does it, and the company then shows and sends its own contacts', async () => {
    const company = (await testApi(t.app).call('company')).company;
    // Saved with the shipped contacts typed in: saved, but still the examples.
    await testApi(t.app, owner.token).call('updateCompany', {
      body: { ...company, phone: DEFAULT_COMPANY.phone, email: DEFAULT_COMPANY.email, chatUrl: DEFAULT_COMPANY.chatUrl },
    });
    expect((await testApi(t.app).call('company')).contactsSaved).toBe(true);
    expect((await setup()).companyFacts).toBe(false);

    await testApi(t.app, owner.token).call('updateCompany', { body: { ...company, ...OWN } });
    expect((await setup()).companyFacts).toBe(true);
    const customer = await registerCustomer(t.app);
    const letter = await resetLetter(customer.user.email);
    expect(letter.textBody).toContain(`Phone: ${OWN.phone}`);
    expect(letter.textBody).toContain(`E-mail: ${OWN.email}`);
    expect(letter.textBody).not.toContain(COMPANY_SETTING_UP);

    await testApi(t.app, owner.token).call('bankDetails', {
      body: {
        bankName: 'National Commercial Bank',
        accountHolderName: 'Portmore Cars',
        branch: 'Portmore',
        accountNumber: '123-456-789',
        accountType: 'Savings',
      },
    });
    expect((await setup()).bankDetails).toBe(true);
    await addCar(t.app, owner.token);
    expect((await setup()).car).toBe(true);
    await createStaff(t.app, 'agent');
    expect(await setup()).toEqual({ companyFacts: true, bankDetails: true, car: true, mail: false, cardPayments: false, secondStaff: true });
  });

  it('mail and card payments are done on the server: with SMTP_URL and a payment provider set, every item is done', async () => {
    const other = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9', paymentProvider: 'sandbox' } });
    try {
      const boss = await createOwner(other.app);
      const status = (await testApi(other.app, boss.token).call('dashboard')).dashboardData.setup;
      expect(status.mail).toBe(true);
      expect(status.cardPayments).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a letter\'s "Call us on <phone>" reads "Contact us" while the company is setting up, and no placeholder is left', () => {
    const words = withoutPlaceholderContacts(
      `Questions? Call us on ${DEFAULT_COMPANY.phone} or write to ${DEFAULT_COMPANY.email}. If not, please call us on ${DEFAULT_COMPANY.phone}.`,
      DEFAULT_COMPANY,
    );
    expect(words).toBe('Questions? Contact us or write to our office. If not, please contact us.');
  });

  it('the dashboard is staff only', async () => {
    const customer = await registerCustomer(t.app);
    const res = await t.app.inject({ method: 'GET', url: pathFor('dashboard'), headers: { authorization: `Bearer ${customer.token}` } });
    expect(res.statusCode).toBe(403);
  });
});
