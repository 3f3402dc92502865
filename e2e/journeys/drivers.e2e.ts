/**
 * A driver the company can trust, on phones: the customer gives their licence and sends a photo of
 * it from /account, staff look at it and approve them at /owner/vetting, the customer reads
 * "Approved" on their account.
 */
import { DRIVER_MESSAGES, VETTING_STATUS_WORDS } from '@rental/contract';
import { formatShortDate } from '@rental/contract/format';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { apiClient } from '../support/api';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { pngFile } from '../support/png';
import { see, seeToast } from '../support/ui';

describe('drivers', () => {
  test('on a phone: the customer sends their licence, staff approve it, the customer sees "Approved"', async ({ openPage, seed }) => {
    const name = `Nadine Driver ${seed.runId.slice(-4)}`;
    const email = `nadine.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const token = await apiClient(seed.baseUrl).register(name, email, 'Driver-pass-2024');
    const today = companyToday();

    const phone = await openPage({ viewport: PHONE, mobile: true, token });
    await phone.goto('/account');
    const form = await see(phone.getByRole('form', { name: 'Driver details' }));
    await see(phone.getByText(VETTING_STATUS_WORDS.not_submitted));
    await form.getByLabel('Licence number').fill('JM 551 208 377');
    await form.getByLabel('Issuing country').fill('Jamaica');
    // Days are typed as Jamaicans write them, day first, whatever the phone's language.
    await form.getByLabel('Licence issue date').fill(formatShortDate(addDays(today, -6 * 365)));
    await form.getByLabel('Licence expiry date').fill(formatShortDate(addDays(today, 4 * 365)));
    await form.getByLabel('Date of birth').fill('14/08/1991');
    await form.getByRole('button', { name: 'Save driver details' }).click();
    await seeToast(phone, DRIVER_MESSAGES.driverSaved);
    await see(phone.getByText(VETTING_STATUS_WORDS.waiting));

    // The phone's file chooser (its camera or its photos) gives the licence's picture.
    const front = phone.getByRole('listitem', { name: 'Driving licence (front)' });
    await front.getByLabel('Send a photo or PDF of your driving licence (front)').setInputFiles(pngFile('licence.png', [30, 120, 60], 900, 560));
    await seeToast(phone, DRIVER_MESSAGES.documentUploaded);
    await see(front.getByRole('button', { name: /^Open Driving licence \(front\), sent / }));
    // Nothing on the page is wider than the phone, once the toast has slid in (it is wider while it moves).
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const staff = await openPage({ viewport: PHONE, mobile: true, token: seed.owner.token });
    await staff.goto('/owner/vetting');
    const card = await see(staff.getByRole('article', { name }));
    await card.getByRole('button', { name: 'Show Driving licence (front)' }).click();
    // The photo staff see is the one sent, fetched with their session.
    const photo = await see(card.getByRole('img', { name: `Driving licence (front) of ${name}` }));
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await seeToast(staff, DRIVER_MESSAGES.vettingApproved);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await phone.reload();
    await see(phone.getByText(VETTING_STATUS_WORDS.approved, { exact: true }));
  });
});
