/**
 * Staff accounts on a 390 px phone: the owner invites a manager from the Staff page; the
 * invitation's link, read from the outbox as an owner reads it, opens the public page where the
 * manager chooses a name and password; they land in the staff area, whose menu has neither Staff
 * nor Bank Details (owners only). Screens are saved under /tmp/staff-shots/ to be looked at.
 */
import { describeViolations, seriousViolations } from '../support/axe';
import { describe, expect, PHONE, test } from '../support/fixtures';
import { invitationLink } from '../support/invitations';
import { fitsTheScreen, screenshots } from '../support/shots';
import { expectPath, notSee, see, seeToast } from '../support/ui';

const shot = screenshots('/tmp/staff-shots');

describe('staff accounts', () => {
  test('on a 390 px phone: the owner invites a manager, who opens the e-mailed link, chooses a name and password and lands in the staff area without Staff or Bank Details', async ({
    openPage,
    seed,
  }) => {
    const email = `mia.${seed.runId}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const password = 'Manager-pass-2024';

    // The owner's Staff page: the team, and the invite form with each role's description.
    const owner = await openPage({ viewport: PHONE, mobile: true, token: seed.owner.token, bypassCSP: true });
    await owner.goto('/owner/staff');
    await see(owner.getByRole('heading', { name: 'Staff', level: 1 }), 15_000);
    const team = owner.getByRole('region', { name: /The team/ });
    await see(team.getByText(seed.owner.email));
    // The only owner is told plainly why they cannot leave.
    await see(team.getByText('You are the only owner, so you cannot remove yourself or give up the owner role. Make someone else an owner first.'));
    await shot(owner, 'staff-page');

    const form = owner.getByRole('form', { name: 'Invite someone to the staff' });
    await form.getByLabel('Their e-mail address').fill(email);
    await see(form.getByText('Everything except staff accounts and bank details.'));
    await form.getByRole('radio', { name: /^Manager/ }).check();
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await seeToast(owner, `Invitation sent to ${email}. The link in it works once, for 7 days.`);
    const waiting = owner.getByRole('region', { name: 'Invitations waiting' });
    await see(waiting.getByText(email));
    await see(waiting.getByRole('button', { name: 'Cancel invitation' }));
    await fitsTheScreen(owner);
    const violations = await seriousViolations(owner);
    expect(violations, `the Staff page: axe-core found\n${describeViolations(violations)}`).toEqual([]);
    await shot(owner, 'invited');

    // The e-mail, as an owner reads it in the outbox: its link to the invitation page.
    const link = await invitationLink(seed.baseUrl, seed.owner.token, email);

    // The invited person, on their own phone, with no account yet.
    const manager = await openPage({ viewport: PHONE, mobile: true });
    await manager.goto(new URL(link).pathname);
    await see(manager.getByRole('heading', { name: 'Join the staff' }), 15_000);
    await see(manager.getByText(/as\s+manager/));
    await fitsTheScreen(manager);
    await shot(manager, 'invitation-page');
    await manager.getByLabel('Your name').fill('Mia Manager');
    await manager.getByLabel('Password', { exact: true }).fill(password);
    await manager.getByLabel('Password again').fill(password);
    await manager.getByRole('button', { name: 'Join the staff' }).click();

    // In the staff area: the menu has no Staff and no Bank Details.
    await expectPath(manager, '/owner');
    await see(manager.getByText('Mia Manager'));
    await manager.getByRole('button', { name: 'Open menu' }).click();
    const menu = manager.getByRole('navigation', { name: 'Owner menu' });
    await see(menu.getByRole('link', { name: 'Dashboard' }));
    await see(menu.getByRole('link', { name: 'Company Settings' }));
    await notSee(menu.getByRole('link', { name: 'Staff' }));
    await notSee(menu.getByRole('link', { name: 'Bank Details' }));
    await shot(manager, 'manager-menu');

    // The link worked once: opened again, it says so in words.
    const again = await openPage({ viewport: PHONE, mobile: true });
    await again.goto(new URL(link).pathname);
    await see(again.getByText('This invitation was already accepted. Log in with your e-mail address and password.'), 15_000);
    await shot(again, 'link-used');

    // The owner sees the new manager in the team.
    await owner.reload();
    await see(owner.getByRole('region', { name: /The team/ }).getByText('Mia Manager'), 15_000);
    await notSee(owner.getByRole('region', { name: 'Invitations waiting' }).getByText(email));
    await shot(owner, 'team-with-manager');
  });
});
