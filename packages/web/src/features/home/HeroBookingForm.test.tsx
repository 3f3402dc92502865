import { DEFAULT_COMPANY } from '@rental/contract/company';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { CHOOSE_CAR_TYPE } from './HeroBookingForm';

const form = () => screen.getByRole('form', { name: 'Find a car' });
const location = () => screen.getByTestId('location');

describe('home hero form', () => {
  it("offers the three car types and the company's locations, and limits dates from today", async () => {
    renderApp('/');
    const f = within(form());
    const type = f.getByLabelText('Car type');
    expect(type).toBeRequired();
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a car type', 'Sedan', 'SUV', 'Hatchback']);
    // The company's own places, as its settings name them (the test server keeps the shipped one first).
    expect((await within(f.getByLabelText('Pickup location')).findAllByRole('option')).map((o) => o.textContent)[0]).toBe(DEFAULT_COMPANY.locations[0]);

    const today = companyToday();
    const pickup = f.getByLabelText('Pickup date');
    expect(pickup).toHaveAttribute('min', today);
    expect(f.getByLabelText('Return date')).toHaveAttribute('min', today);
    fireEvent.change(pickup, { target: { value: addDays(today, 5) } });
    // The return date cannot be before the chosen pickup.
    expect(f.getByLabelText('Return date')).toHaveAttribute('min', addDays(today, 5));
  });

  it('writes the chosen days out the Jamaican way beneath the date fields, whatever the browser shows in them', () => {
    renderApp('/');
    const f = within(form());
    fireEvent.change(f.getByLabelText('Pickup date'), { target: { value: '2027-11-26' } });
    fireEvent.change(f.getByLabelText('Return date'), { target: { value: '2027-11-29' } });
    expect(f.getByLabelText('Pickup date')).toHaveAccessibleDescription('Fri 26 Nov 2027');
    expect(f.getByLabelText('Return date')).toHaveAccessibleDescription('Mon 29 Nov 2027');
  });

  it('says what is missing and stays on the page', async () => {
    renderApp('/');
    await userEvent.click(within(form()).getByRole('button', { name: 'Book now' }));
    expect(screen.getByText(CHOOSE_CAR_TYPE)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.selectBothDates)).toHaveLength(2);
    expect(within(form()).getByLabelText('Car type')).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('refuses a pickup date in the past', async () => {
    renderApp('/');
    const f = within(form());
    await userEvent.selectOptions(f.getByLabelText('Car type'), 'SUV');
    fireEvent.change(f.getByLabelText('Pickup date'), { target: { value: addDays(companyToday(), -1) } });
    fireEvent.change(f.getByLabelText('Return date'), { target: { value: addDays(companyToday(), 2) } });
    await userEvent.click(f.getByRole('button', { name: 'Book now' }));
    expect(screen.getByText('The pickup date cannot be in the past.')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('Book now goes to /cars with the location, dates and the chosen type', async () => {
    renderApp('/');
    const f = within(form());
    const pickup = addDays(companyToday(), 3);
    const ret = addDays(companyToday(), 6);
    await userEvent.selectOptions(f.getByLabelText('Car type'), 'SUV');
    fireEvent.change(f.getByLabelText('Pickup date'), { target: { value: pickup } });
    fireEvent.change(f.getByLabelText('Return date'), { target: { value: ret } });
    await userEvent.click(f.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(location().textContent?.startsWith('/cars?')).toBe(true));
    const params = new URLSearchParams(location().textContent!.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      pickupLocation: 'Waterford, Portmore',
      pickupDate: pickup,
      returnDate: ret,
      category: 'SUV',
    });
  });

  it('View all cars goes to /cars', async () => {
    renderApp('/');
    await userEvent.click(within(form()).getByRole('link', { name: 'View all cars' }));
    expect(location()).toHaveTextContent(/^\/cars$/);
  });
});
