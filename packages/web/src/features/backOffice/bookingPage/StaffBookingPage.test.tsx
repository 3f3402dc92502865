/**
 * The staff booking page against the real server: a booking's facts and its folio, and the four
 * writes as an owner makes them. Each form is checked before anything is sent, and the server's
 * refusals land where the form shows them, by their code. What the server holds is read through the
 * typed client, never from the page.
 */
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { FOLIO_MESSAGES } from '@rental/contract/folio';
import { formatMoney } from '@rental/contract/format';
import { REFUSAL_CODES } from '@rental/contract/refusalCodes';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { Booking } from '@rental/contract/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '../../../lib/dates';
import { addCar, createBooking, ownerApi, ownerToken, registerCustomer, setBookingStatus, uniqueWord } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';

const SLOW = { timeout: 15_000 };
const jmd = (amount: number) => formatMoney(amount, DEFAULT_COMPANY.currency);
const folioOf = async (bookingId: string) => (await ownerApi().call('folio', { params: { id: bookingId } })).folio;
const panel = () => within(screen.getByRole('region', { name: 'Charges and payments' }));

describe('the staff booking page', { timeout: 60_000 }, () => {
  const customerName = uniqueWord('Folio');
  const pickup = addDays(companyToday(), 70);
  const returnDate = addDays(pickup, 3);
  let booking: Booking;
  let carName: string;

  beforeAll(async () => {
    await import('../StaffRoutes');
    const customer = await registerCustomer(customerName, { phone: '876 555 0177' });
    const car = await addCar({ brand: uniqueWord('Folio'), model: 'Fit' });
    carName = `${car.brand} Fit`;
    booking = await createBooking(customer.token, car._id, pickup, returnDate);
    await setBookingStatus(booking._id, 'confirmed');
  });

  async function openPage() {
    const view = renderApp(`/owner/bookings/${booking._id}`, { token: ownerToken() });
    await screen.findByRole('heading', { name: `Booking ${booking.reference}` }, SLOW);
    await screen.findByRole('region', { name: 'Charges and payments' }, SLOW);
    return view;
  }

  it('shows who rents which car when, and the folio: the quote’s charges, nothing paid, the price owing', async () => {
    await openPage();
    const facts = within(screen.getByRole('region', { name: 'The booking' }));
    expect(facts.getByText(customerName)).toBeInTheDocument();
    expect(facts.getByText(new RegExp(carName))).toBeInTheDocument();
    expect(facts.getByText(new RegExp(`${formatCalendarDate(pickup)} to ${formatCalendarDate(returnDate)}`))).toBeInTheDocument();
    expect(facts.getByText('Confirmed')).toBeInTheDocument();

    const folio = await folioOf(booking._id);
    const charges = within(panel().getByRole('list', { name: 'Charges' })).getAllByRole('listitem');
    expect(charges).toHaveLength(folio.lines.length);
    expect(panel().getByText('Not paid yet')).toBeInTheDocument();
    expect(panel().getByText('No payment recorded yet.')).toBeInTheDocument();
    expect(panel().getByText('Balance owing').nextElementSibling).toHaveTextContent(jmd(booking.price));
    expect(folio.totals.balance).toBe(booking.price);
    // An owner may do all four.
    for (const name of ['Record a payment', 'Add a charge', 'Record a refund']) expect(panel().getByRole('button', { name })).toBeInTheDocument();
    expect(panel().getAllByRole('button', { name: /^Void “/ }).length).toBe(folio.lines.length);
  });

  it('records a payment: checked before sending, then listed, and what is paid follows the folio', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(panel().getByRole('button', { name: 'Record a payment' }));
    const form = within(screen.getByRole('form', { name: 'Record a payment' }));
    // The balance is offered.
    expect(form.getByLabelText('Amount')).toHaveValue(String(booking.price));
    await user.clear(form.getByLabelText('Amount'));
    await user.type(form.getByLabelText('Amount'), '12.50');
    await user.click(form.getByRole('button', { name: 'Record the payment' }));
    expect(form.getByLabelText('Way it was paid')).toHaveAccessibleDescription('Please choose a way it was paid.');
    expect(form.getByLabelText('Amount')).toHaveAccessibleDescription('Amount must be a whole number.');
    expect((await folioOf(booking._id)).payments).toEqual([]);

    await user.selectOptions(form.getByLabelText('Way it was paid'), 'cash');
    await user.clear(form.getByLabelText('Amount'));
    await user.type(form.getByLabelText('Amount'), '1000');
    await user.type(form.getByLabelText('Reference (optional)'), 'Till 4471');
    await user.click(form.getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByText(FOLIO_MESSAGES.paymentRecorded)).toBeInTheDocument();

    await waitFor(() => expect(panel().getByText('Part paid')).toBeInTheDocument());
    const payments = within(panel().getByRole('list', { name: 'Payments and refunds' }));
    expect(payments.getByText('Payment by cash')).toBeInTheDocument();
    expect(payments.getByText(/Ref\. Till 4471/)).toBeInTheDocument();
    const folio = await folioOf(booking._id);
    expect(folio.payments.map((p) => [p.kind, p.method, p.amount, p.reference])).toEqual([['payment', 'cash', 1000, 'Till 4471']]);
    expect(folio.paymentStatus).toBe('part_paid');
    expect(panel().getByText('Balance owing').nextElementSibling).toHaveTextContent(jmd(folio.totals.balance));
  });

  it('refuses a refund of more than was paid under the amount, by its code, and writes nothing; a smaller one is recorded', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(panel().getByRole('button', { name: 'Record a refund' }));
    const form = within(screen.getByRole('form', { name: 'Record a refund' }));
    await user.selectOptions(form.getByLabelText('Way it was given back'), 'cash');
    await user.type(form.getByLabelText('Amount'), '5000');
    await user.type(form.getByLabelText('Why it is refunded'), 'Goodwill');
    await user.click(form.getByRole('button', { name: 'Record the refund' }));
    await waitFor(() => expect(form.getByLabelText('Amount')).toHaveAccessibleDescription(REFUSAL_CODES.refund_too_much));
    expect((await folioOf(booking._id)).totals.refunded).toBe(0);

    await user.clear(form.getByLabelText('Amount'));
    await user.type(form.getByLabelText('Amount'), '400');
    await user.click(form.getByRole('button', { name: 'Record the refund' }));
    expect(await screen.findByText(FOLIO_MESSAGES.refundRecorded)).toBeInTheDocument();
    await waitFor(() => expect(within(panel().getByRole('list', { name: 'Payments and refunds' })).getByText('Refund by cash')).toBeInTheDocument());
    expect((await folioOf(booking._id)).totals.refunded).toBe(400);
  });

  it('adds a toll without GCT, then voids it with a reason: struck through, the reason beside it, the balance back', async () => {
    const user = userEvent.setup();
    await openPage();
    const before = await folioOf(booking._id);
    await user.click(panel().getByRole('button', { name: 'Add a charge' }));
    const form = within(screen.getByRole('form', { name: 'Add a charge' }));
    await user.click(form.getByRole('button', { name: 'Add the charge' }));
    expect(form.getByLabelText('Kind of charge')).toHaveAccessibleDescription('Please choose a kind of charge.');
    expect(form.getByLabelText('Description')).toHaveAccessibleDescription('Description is required.');
    await user.selectOptions(form.getByLabelText('Kind of charge'), 'toll');
    await user.type(form.getByLabelText('Description'), 'Toll, Highway 2000');
    await user.type(form.getByLabelText('Amount before GCT'), '350');
    await user.click(form.getByRole('checkbox', { name: /Add GCT/ }));
    await user.click(form.getByRole('button', { name: 'Add the charge' }));
    expect(await screen.findByText(FOLIO_MESSAGES.chargeAdded)).toBeInTheDocument();
    const toll = (await folioOf(booking._id)).lines.find((line) => line.label === 'Toll, Highway 2000');
    expect(toll).toMatchObject({ kind: 'toll', amount: 350, gct: 0, voided: false });
    await waitFor(() => expect(panel().getByText('Balance owing').nextElementSibling).toHaveTextContent(jmd(before.totals.balance + 350)));

    await user.click(panel().getByRole('button', { name: 'Void “Toll, Highway 2000”' }));
    const voidForm = within(screen.getByRole('form', { name: 'Void “Toll, Highway 2000”' }));
    await user.click(voidForm.getByRole('button', { name: 'Void the line' }));
    expect(voidForm.getByLabelText('Why it is voided')).toHaveAccessibleDescription('Why it is voided is required.');
    await user.type(voidForm.getByLabelText('Why it is voided'), 'Charged twice');
    await user.click(voidForm.getByRole('button', { name: 'Void the line' }));
    expect(await screen.findByText(FOLIO_MESSAGES.lineVoided)).toBeInTheDocument();
    expect(await screen.findByText('Voided: Charged twice')).toBeInTheDocument();
    expect(screen.getByText('Toll, Highway 2000')).toHaveClass('line-through');
    expect(panel().queryByRole('button', { name: 'Void “Toll, Highway 2000”' })).not.toBeInTheDocument();
    const after = await folioOf(booking._id);
    expect(after.lines.find((line) => line.id === toll!.id)?.voided).toBe(true);
    expect(after.totals.balance).toBe(before.totals.balance);
  });

  it('says so under the reason when the line was voided meanwhile, by its code, and shows the folio as it now is', async () => {
    const user = userEvent.setup();
    const { line } = await (async () => {
      const charged = await ownerApi().call('addCharge', {
        params: { id: booking._id },
        body: { kind: 'cleaning', label: 'Sand in the boot', amount: 2000, gctApplies: true },
      });
      return { line: charged.folio.lines.find((l) => l.label === 'Sand in the boot')! };
    })();
    await openPage();
    await user.click(panel().getByRole('button', { name: 'Void “Sand in the boot”' }));
    const voidForm = within(screen.getByRole('form', { name: 'Void “Sand in the boot”' }));
    await user.type(voidForm.getByLabelText('Why it is voided'), 'Not ours');
    // Another member of staff voids it first.
    await ownerApi().call('voidLine', { params: { id: booking._id, lineId: line.id }, body: { reason: 'Cleaned for free' } });
    await user.click(voidForm.getByRole('button', { name: 'Void the line' }));
    await waitFor(() => expect(voidForm.getByLabelText('Why it is voided')).toHaveAccessibleDescription(REFUSAL_CODES.line_already_voided));
    expect(await screen.findByText('Voided: Cleaned for free')).toBeInTheDocument();
    expect((await folioOf(booking._id)).lines.filter((l) => l.voidsLineId === line.id)).toHaveLength(1);
  });
  it('tells what happened to the booking, in order, with who did it: booked, confirmed, then the money recorded', async () => {
    await ownerApi().call('recordPayment', { params: { id: booking._id }, body: { method: 'bank_transfer', amount: 1234, reference: 'History check' } });
    await openPage();
    const history = within(screen.getByRole('region', { name: 'History' }));
    const items = await history.findAllByRole('listitem', {}, SLOW);
    expect(items.slice(0, 2).map((item) => item.querySelector('p')?.textContent)).toEqual(['Booked', 'Confirmed']);
    const recorded = items.filter((item) => item.textContent?.startsWith('Payment recorded')).at(-1);
    expect(recorded).toHaveTextContent(`${jmd(1234)} by bank transfer`);
  });
});
