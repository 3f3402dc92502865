import { DELETED_CUSTOMER_NAME } from '@rental/contract/constants';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

describe('privacy: drivers', () => {
  it('says what is kept about drivers and why, for how long, who sees it, and how to have it erased on My Account', () => {
    renderApp('/privacy');
    const kept = within(screen.getByRole('region', { name: 'What we keep' }));
    expect(kept.getByText(/driving licence number/)).toHaveTextContent('date of birth');
    expect(kept.getByText(/The documents you send us/)).toHaveTextContent(/passport, work ID and proof of address/);
    expect(kept.getByText(/The documents you send us/)).toHaveTextContent(/without their hidden details \(such as the GPS position/);
    const why = within(screen.getByRole('region', { name: 'Why' }));
    expect(why.getByText(/To check who drives our cars/)).toBeInTheDocument();
    expect(why.getByRole('link', { name: 'rental terms' })).toHaveAttribute('href', '/terms');
    expect(why.getByText(/Only you and our staff/)).toHaveTextContent('never part of the bookings lists staff export');

    const howLong = within(screen.getByRole('region', { name: 'How long we keep it' }));
    expect(howLong.getByText(/while your account exists/)).toHaveTextContent(/backups/);
    expect(howLong.getByText(/Your bookings, receipts and payments: 7 years/)).toHaveTextContent('without your name or details');

    const erasure = within(screen.getByRole('region', { name: 'Seeing, changing or deleting your details' }));
    expect(erasure.getByText(/Data Protection Act 2020/)).toHaveTextContent(/"Delete my account"/);
    expect(erasure.getAllByRole('link', { name: 'My Account' })[0]).toHaveAttribute('href', '/account');
    // Exactly what goes and what stays.
    const [erased, keptForBooks] = erasure.getAllByRole('list');
    for (const words of [
      /phone number, password and picture/,
      /driving licence number and date of birth/,
      /delivery address/,
      /Your signature/,
      /e-mails we sent you/,
    ]) {
      expect(within(erased!).getByText(words)).toBeInTheDocument();
    }
    expect(within(erased!).getByText(/made again with/)).toHaveTextContent(`"${DELETED_CUSTOMER_NAME}" in place of your name`);
    expect(within(keptForBooks!).getByRole('listitem')).toHaveTextContent(/reference, receipt number, car, dates, charges, GCT, payments/);
    expect(erasure.getByText(/Backups we make after that/)).toHaveTextContent('hold none of your details');
  });
});
