import type { CompanyFacts } from '@rental/contract/company';
import { MESSAGES } from '@rental/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCar, ownerApi, ownerToken, uniqueWord } from '../../test/api';
import { renderApp } from '../../test/renderApp';

const SLOW = { timeout: 10_000 };

/**
 * Other test files read the company's phone, address and e-mail from the same server at the same
 * time, so these tests change only the opening hours, which no other test reads.
 */
async function storedCompany(): Promise<CompanyFacts> {
  // The staff's reading, account names included: every save below must keep them.
  return (await ownerApi().call('staffCompany')).company;
}

describe('company settings', () => {
  beforeAll(() => import('./StaffRoutes'));

  it('is in the side menu and prefilled with what the server holds', async () => {
    const company = await storedCompany();
    renderApp('/owner', { token: ownerToken() });
    await userEvent.click(await within(await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW)).findByRole('link', { name: 'Company Settings' }));
    expect(await screen.findByLabelText('Company name', {}, SLOW)).toHaveValue(company.name);
    expect(document.title).toMatch(/^Company settings \|/);
    expect(screen.getByLabelText('Phone')).toHaveValue(company.phone);
    const places = within(screen.getByRole('group', { name: 'Pickup locations' }));
    company.locations.forEach((name, i) => {
      expect(within(places.getByRole('group', { name: `Location ${i + 1}` })).getByLabelText('Location name')).toHaveValue(name);
    });
    expect(screen.getByLabelText('Security deposit')).toHaveValue(String(company.securityDeposit));
    expect(screen.getByLabelText('Currency')).toHaveValue(company.currency);
  });

  it('shows the account names the company saved, and a save keeps them', async () => {
    const before = await storedCompany();
    const bank = `NCB Current ${uniqueWord('a')}`;
    try {
      await ownerApi().call('updateCompany', { body: { ...before, accountBank: bank, accountCash: 'Petty Cash Drawer' } });
      renderApp('/owner/settings', { token: ownerToken() });
      const books = within(await screen.findByRole('group', { name: /accountant/i }, SLOW));
      expect(books.getByLabelText('Bank')).toHaveValue(bank);
      expect(books.getByLabelText('Cash')).toHaveValue('Petty Cash Drawer');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();
      expect(await storedCompany()).toEqual({ ...before, accountBank: bank, accountCash: 'Petty Cash Drawer' });
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });

  it('names each problem in the form’s words and saves nothing', async () => {
    const before = await storedCompany();
    renderApp('/owner/settings', { token: ownerToken() });
    await userEvent.clear(await screen.findByLabelText('Phone', {}, SLOW));
    await userEvent.clear(screen.getByLabelText('Map link'));
    await userEvent.type(screen.getByLabelText('Map link'), 'https://evil.example.net/map');
    await userEvent.clear(screen.getByLabelText('Security deposit'));
    await userEvent.type(screen.getByLabelText('Security deposit'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));

    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Phone is required.');
    expect(screen.getByLabelText('Map link')).toHaveAccessibleDescription(/^Map link must be a Google Maps or OpenStreetMap link/);
    expect(screen.getByLabelText('Security deposit')).toHaveAccessibleDescription('Security deposit must be a whole number.');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    expect(screen.queryByText(MESSAGES.companySaved)).not.toBeInTheDocument();
    expect(await storedCompany()).toEqual(before);
  });

  it('saves the opening hours, and the public pages show them', async () => {
    const before = await storedCompany();
    const hours = `Mon–Sat 7:00–19:00 (${uniqueWord('h')})`;
    try {
      const { unmount } = renderApp('/owner/settings', { token: ownerToken() });
      const field = await screen.findByLabelText('Opening hours', {}, SLOW);
      await userEvent.clear(field);
      await userEvent.type(field, hours);
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();
      await waitFor(async () => expect((await storedCompany()).openingHours).toBe(hours));
      expect(await storedCompany()).toEqual({ ...before, openingHours: hours });
      unmount();

      renderApp('/about-us');
      expect(await within(screen.getByRole('contentinfo')).findByText(hours, {}, SLOW)).toBeInTheDocument();
    } finally {
      // Other files' pages show the company's hours: they are put back.
      await ownerApi().call('updateCompany', { body: before });
    }
  });

  it('saves the drivers’ rules with the rest, and refuses an age below 18 in the form', async () => {
    const before = await storedCompany();
    // Booking tests in other files read these rules: they are put back at once.
    const age = before.minDriverAge === 25 ? 26 : 25;
    const years = before.minLicenceYears === 3 ? 4 : 3;
    try {
      renderApp('/owner/settings', { token: ownerToken() });
      const ageField = await screen.findByLabelText('Youngest driver age', {}, SLOW);
      expect(ageField).toHaveValue(String(before.minDriverAge));
      const yearsField = screen.getByLabelText('Years a licence must be held');
      expect(yearsField).toHaveValue(String(before.minLicenceYears));

      await userEvent.clear(ageField);
      await userEvent.type(ageField, '16');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(ageField).toHaveAccessibleDescription('Youngest driver age must be at least 18.');
      expect(ageField).toHaveFocus();

      await userEvent.clear(ageField);
      await userEvent.type(ageField, String(age));
      await userEvent.clear(yearsField);
      await userEvent.type(yearsField, String(years));
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();
      expect(await storedCompany()).toEqual({ ...before, minDriverAge: age, minLicenceYears: years });
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });
  it('saves GCT and the TRN with the rest; a TRN may be left empty, a wrong one is named in the form', async () => {
    const before = await storedCompany();
    // Quotes in other files add this GCT: it is put back at once.
    const gct = before.gctPercent === 16.5 ? '12.5' : '16.5';
    try {
      renderApp('/owner/settings', { token: ownerToken() });
      const gctField = await screen.findByLabelText('GCT', {}, SLOW);
      expect(gctField).toHaveValue(String(before.gctPercent));
      expect(gctField).toHaveAccessibleDescription(/^In percent, added to every price customers are quoted/);
      const trnField = screen.getByLabelText('TRN');
      expect(trnField).toHaveValue(before.trn);
      expect(trnField).not.toBeRequired();

      await userEvent.clear(gctField);
      await userEvent.type(gctField, '12.345');
      await userEvent.clear(trnField);
      await userEvent.type(trnField, '12-34');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(gctField).toHaveAccessibleDescription('GCT must be a number of percent, such as 15.');
      expect(trnField).toHaveAccessibleDescription('TRN must be nine digits, such as 123-456-789.');
      expect(gctField).toHaveFocus();
      expect(await storedCompany()).toEqual(before);

      await userEvent.clear(gctField);
      await userEvent.type(gctField, gct);
      await userEvent.clear(trnField);
      await userEvent.type(trnField, '123-456-789');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();
      expect(await storedCompany()).toEqual({ ...before, gctPercent: Number(gct), trn: '123-456-789' });

      // No TRN yet is fine: the box is emptied and saved.
      await userEvent.clear(trnField);
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      await waitFor(async () => expect((await storedCompany()).trn).toBe(''), SLOW);
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });

  it('saves the returns section with the rest, and names a wrong time in the form', async () => {
    const before = await storedCompany();
    // The counter's charges in other files read these: they are put back at once.
    const grace = before.gracePeriodMinutes === 45 ? 30 : 45;
    const km = before.extraKmRate === 55 ? 65 : 55;
    const eighth = before.fuelEighthPrice === 1800 ? 1700 : 1800;
    try {
      renderApp('/owner/settings', { token: ownerToken() });
      const returns = within(await screen.findByRole('group', { name: 'Returns' }, SLOW));
      const due = returns.getByLabelText('Cars due back by');
      expect(due).toHaveValue(before.returnTime);
      expect(due).toHaveAttribute('type', 'time');
      const graceField = returns.getByLabelText('Minutes of grace for a late return');
      expect(graceField).toHaveValue(String(before.gracePeriodMinutes));
      const kmField = returns.getByLabelText('Price of each kilometre over the allowance');
      expect(kmField).toHaveValue(String(before.extraKmRate));
      const eighthField = returns.getByLabelText('Price of each eighth of a tank missing');
      expect(eighthField).toHaveValue(String(before.fuelEighthPrice));

      await userEvent.clear(graceField);
      await userEvent.type(graceField, 'an hour');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(graceField).toHaveAccessibleDescription('Minutes of grace for a late return must be a whole number.');
      expect(graceField).toHaveFocus();
      expect(await storedCompany()).toEqual(before);

      await userEvent.clear(due);
      await userEvent.type(due, '17:30');
      await userEvent.clear(graceField);
      await userEvent.type(graceField, String(grace));
      await userEvent.clear(kmField);
      await userEvent.type(kmField, String(km));
      await userEvent.clear(eighthField);
      await userEvent.type(eighthField, String(eighth));
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();
      expect(await storedCompany()).toEqual({ ...before, returnTime: '17:30', gracePeriodMinutes: grace, extraKmRate: km, fuelEighthPrice: eighth });
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });

  it('saves a new pickup location with its address and hours, and a testimonial', async () => {
    const before = await storedCompany();
    const place = `Ocho Rios ${uniqueWord('p')}`;
    try {
      renderApp('/owner/settings', { token: ownerToken() });
      const places = within(await screen.findByRole('group', { name: 'Pickup locations' }, SLOW));
      await userEvent.click(places.getByRole('button', { name: 'Add a location' }));
      const row = within(places.getByRole('group', { name: `Location ${before.locations.length + 1}` }));
      // An empty row is named in the form, and nothing is sent.
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(row.getByLabelText('Location name')).toHaveAccessibleDescription('Each pickup location is required.');
      expect(row.getByLabelText('Location name')).toHaveFocus();

      await userEvent.type(row.getByLabelText('Location name'), place);
      await userEvent.type(row.getByLabelText('Location address'), '12 Main Street, Ocho Rios');
      await userEvent.type(row.getByLabelText('Location opening hours'), 'Every day 7:00–19:00');
      const pages = within(screen.getByRole('group', { name: 'Home and About pages' }));
      await userEvent.click(pages.getByRole('button', { name: 'Add a testimonial' }));
      const said = within(pages.getByRole('group', { name: 'Testimonial 1' }));
      await userEvent.type(said.getByLabelText('Customer’s name'), 'Odette P.');
      await userEvent.type(said.getByLabelText('What they said'), 'Quick and friendly.');
      await userEvent.selectOptions(said.getByLabelText('Stars'), '4');
      await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
      expect(await screen.findByText(MESSAGES.companySaved, {}, SLOW)).toBeInTheDocument();

      const saved = await storedCompany();
      expect(saved.locations).toEqual([...before.locations, place]);
      expect(saved.locationDetails.at(-1)).toEqual({ name: place, address: '12 Main Street, Ocho Rios', openingHours: 'Every day 7:00–19:00' });
      expect(saved.testimonials).toEqual([{ name: 'Odette P.', place: '', text: 'Quick and friendly.', stars: 4 }]);
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });

  it('says in the form that a location with cars cannot be removed, and keeps it', async () => {
    const before = await storedCompany();
    // A car of the fleet stands at the first location.
    await addCar({ location: before.locations[0]! });
    renderApp('/owner/settings', { token: ownerToken() });
    const places = within(await screen.findByRole('group', { name: 'Pickup locations' }, SLOW));
    await userEvent.click(places.getByRole('button', { name: 'Add a location' }));
    await userEvent.type(within(places.getByRole('group', { name: `Location ${before.locations.length + 1}` })).getByLabelText('Location name'), 'Negril');
    await userEvent.click(places.getByRole('button', { name: 'Remove location 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save company settings' }));
    expect(await places.findByRole('alert', {}, SLOW)).toHaveTextContent(`still at ${before.locations[0]}`);
    expect(await storedCompany()).toEqual(before);
  });
});
