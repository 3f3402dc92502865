/**
 * WhatsApp beside e-mail (issue 36): on a 390 px phone a customer ticks "Send me WhatsApp messages"
 * at the payment step and books; the booking's message reaches the message sandbox (the site's
 * journeys run with MESSAGE_PROVIDER=sandbox), where the customer replies; a counter agent reads the
 * reply on the booking, marked new, and answers it there; the answer reaches the customer's phone.
 * The desk shows the customer waiting for an answer until the agent opens the booking's messages
 * from it; the outbox lists the booking's WhatsApp messages both ways.
 */
import { MESSAGES } from '@rental/contract/messages';
import { BOOKING_MESSAGE_WORDS } from '@rental/contract/bookingMessages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Page } from 'playwright-core';
import { addTownCar } from '../support/cars';
import { apiClient, typedApi } from '../support/api';
import { DESKTOP, describe, expect, PHONE, test } from '../support/fixtures';
import { counterAgent } from '../support/invitations';
import { fitsTheScreen, screenshots } from '../support/shots';
import { see, seeToast } from '../support/ui';

const shot = screenshots('/tmp/messages-shots');
const sandboxUrl = () => {
  const url = process.env.E2E_MESSAGE_SANDBOX_URL;
  if (!url) throw new Error('E2E_MESSAGE_SANDBOX_URL is not set: run the journeys through e2e/run.mjs');
  return url;
};

/** The sandbox's page, read again until it shows `text` (the site's sender sends within a second or two). */
async function seeOnSandbox(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(sandboxUrl());
        return page.locator('body').innerText();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toContain(text);
}

describe('messages', () => {
  test(
    'a customer chooses WhatsApp and books, replies on their phone; a counter agent reads and answers it on the booking',
    { timeout: 180_000 },
    async ({ openPage, seed }) => {
      const api = apiClient(seed.baseUrl);
      // A number of this run's own (never one of the sandbox's test numbers, 0194-0199).
      const last4 = String(2000 + Math.floor(Math.random() * 7000));
      const phone = `+1876555${last4}`;
      const email = `tanisha.${seed.runId}.${last4}@example.com`;
      const token = await api.register('Tanisha Reid', email, 'Messages-pass-2024', `876 555 ${last4}`);
      const car = await addTownCar(seed, { brand: 'Nissan', model: 'Note', year: 2020, pricePerDay: 6500, colour: [30, 140, 90] });
      const pickup = addDays(companyToday(), 20);
      const customerPage = await openPage({ viewport: PHONE, mobile: true, token });
      await customerPage.goto(`/payment/${car._id}/${pickup}/${addDays(pickup, 2)}`);
      await customerPage.getByRole('checkbox', { name: 'Send me WhatsApp messages about this booking' }).check();
      await customerPage.getByText('Pay upfront', { exact: true }).click();
      await customerPage.getByRole('checkbox', { name: /I accept the rental terms/ }).check();
      await customerPage.getByRole('button', { name: 'Confirm Booking' }).click();
      await seeToast(customerPage, MESSAGES.bookingCreated);
      const [booking] = (await api.userBookings(token)).filter((b) => b.car._id === car._id);
      expect(booking, 'the booking is made').toBeDefined();
      expect(await api.userData(token)).toMatchObject({ phoneE164: phone, messages: { whatsapp: { on: true } } });

      // On the customer's phone (the sandbox's page): the booking's message, then their reply.
      await seeOnSandbox(customerPage, booking!.reference);
      const reply = customerPage.locator(`form:has(input[name="phone"][value="${phone}"])`).first();
      await reply.locator('textarea[name="body"]').fill('Can I pick up at 8 am instead?');
      await reply.getByRole('button', { name: 'Send reply' }).click();
      await shot(customerPage, 'sandbox-phone-reply');

      // The desk shows the customer waiting for an answer, with the count (1) as a badge.
      const agent = await counterAgent(seed.baseUrl, seed.owner.token, seed.runId);
      const waitingFor = (page: Page) =>
        page.getByRole('region', { name: /^Customers waiting for an answer/ }).getByRole('link', { name: new RegExp(booking!.reference) });
      const deskPage = await openPage({ viewport: DESKTOP, mobile: false, token: agent.token });
      await deskPage.goto('/owner/desk');
      await see(waitingFor(deskPage), 30_000);
      await see(waitingFor(deskPage).getByText('1 new message'));
      await see(waitingFor(deskPage).getByText('Can I pick up at 8 am instead?', { exact: false }));
      await fitsTheScreen(deskPage);
      await shot(deskPage, 'desk-waiting');

      // A counter agent opens the booking from the desk (on the phone): the reply is there, marked new, and they answer it.
      for (const [viewport, mobile, answer] of [
        [PHONE, true, 'Yes, 8 am is fine. See you then!'],
        [DESKTOP, false, 'Bring your licence, please.'],
      ] as const) {
        const staffPage = await openPage({ viewport, mobile, token: agent.token });
        if (mobile) {
          await staffPage.goto('/owner/desk');
          await see(waitingFor(staffPage), 30_000);
          await fitsTheScreen(staffPage);
          await shot(staffPage, 'desk-waiting');
          await waitingFor(staffPage).click();
          await staffPage.waitForURL(`**/owner/bookings/${booking!._id}#messages`);
        } else {
          await staffPage.goto(`/owner/bookings/${booking!._id}`);
        }
        const panel = staffPage.getByRole('region', { name: 'Messages' });
        await see(panel.getByText('Can I pick up at 8 am instead?'), 30_000);
        if (mobile) await see(panel.getByText('New', { exact: true }));
        await see(panel.getByText('Sent as you write it', { exact: false }));
        await panel.getByLabel(/Answer the customer/).fill(answer);
        await panel.getByRole('button', { name: 'Send' }).click();
        await seeToast(staffPage, BOOKING_MESSAGE_WORDS.sent);
        await see(panel.getByText(answer));
        await fitsTheScreen(staffPage);
        await shot(staffPage, `staff-booking-messages-${viewport.width}`);
        await seeOnSandbox(customerPage, answer);
      }
      // The reply was opened: nothing on the booking waits to be read, and the desk no longer lists it.
      expect((await typedApi(seed.baseUrl, agent.token).call('bookingMessages', { params: { id: booking!._id } })).unseen).toBe(0);
      await deskPage.reload();
      await see(deskPage.getByRole('heading', { name: 'The desk', level: 1 }));
      expect(await waitingFor(deskPage).count()).toBe(0);

      // The outbox lists the booking's WhatsApp messages, ours and the customer's.
      for (const [viewport, mobile] of [
        [PHONE, true],
        [DESKTOP, false],
      ] as const) {
        const outboxPage = await openPage({ viewport, mobile, token: agent.token });
        await outboxPage.goto('/owner/outbox');
        await outboxPage.getByRole('button', { name: 'WhatsApp and SMS' }).click();
        await outboxPage.getByLabel('Booking reference').fill(booking!.reference);
        const list = outboxPage.getByRole(mobile ? 'list' : 'table', { name: 'WhatsApp and SMS messages, newest first' });
        await see(list.getByText('Can I pick up at 8 am instead?'), 30_000);
        await see(list.getByText('Bring your licence, please.'));
        await see(list.getByText(/^(WhatsApp )?from the customer$/i).first());
        await see(list.getByRole('link', { name: booking!.reference }).first());
        await fitsTheScreen(outboxPage);
        await shot(outboxPage, 'outbox-messages');
      }
    },
  );
});
