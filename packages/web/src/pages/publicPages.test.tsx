import { DEFAULT_COMPANY, depositNotice } from '@rental/contract/company';
import { formatMoney } from '@rental/contract/format';
import { MAX_PENDING_BOOKINGS } from '@rental/contract/constants';
import { BANK_PAYMENT_WAYS, PAYMENT_METHOD_TEXT, PAYMENT_WAYS_IN_SHORT } from '@rental/contract/paymentWords';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { TOAST_LIMIT } from '@rental/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from '../lib/toast';
import { describe, expect, it } from 'vitest';
import { addCar, createBooking, ensureBankDetails, ownerApi, registerCustomer, uniqueWord } from '../test/api';
import { changePrices } from '../test/prices';
import { renderApp } from '../test/renderApp';

describe('public layout', () => {
  it('has the navigation links, the help phone and a footer with phone, address and e-mail', async () => {
    renderApp('/about-us');
    // Until the server answers that the company's contacts are saved, no phone or e-mail is shown (never the shipped placeholders).
    expect(within(screen.getByRole('contentinfo')).queryByText(DEFAULT_COMPANY.email)).not.toBeInTheDocument();
    await within(screen.getByRole('contentinfo')).findByText(DEFAULT_COMPANY.email);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    for (const [name, href] of [
      ['Home', '/'],
      ['Vehicles', '/cars'],
      ['About Us', '/about-us'],
      ['My Bookings', '/my-bookings'],
    ]) {
      expect(nav.getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
    }
    expect(nav.queryByRole('link', { name: 'My Account' })).not.toBeInTheDocument();
    expect(nav.getAllByText(DEFAULT_COMPANY.phone).length).toBeGreaterThan(0);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(DEFAULT_COMPANY.phone)).toBeInTheDocument();
    expect(footer.getByText(DEFAULT_COMPANY.address)).toBeInTheDocument();
    expect(footer.getByText(DEFAULT_COMPANY.email)).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Rental terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('opens and closes the mobile menu, telling assistive technology', async () => {
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('mobile-menu')).toBeVisible();
  });

  it('answers unknown routes with a page that leads back', () => {
    renderApp('/no-such-page');
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse vehicles' })).toHaveAttribute('href', '/cars');
    expect(document.title).toContain('Page not found');
  });

  it(`keeps at most ${TOAST_LIMIT} toasts on screen`, async () => {
    renderApp('/about-us');
    act(() => {
      for (let i = 0; i < TOAST_LIMIT + 5; i++) toast(`note ${i}`);
    });
    expect(await screen.findByText(`note ${TOAST_LIMIT + 4}`)).toBeInTheDocument();
    expect(screen.getAllByText(/^note \d+$/).length).toBeLessThanOrEqual(TOAST_LIMIT);
  });
});

describe('home page', () => {
  it('shows six featured cars, the sourcing chat link, the four steps and the contact strip', async () => {
    for (let i = 0; i < 6; i++) await addCar({ brand: uniqueWord('Home') });
    renderApp('/');
    const featured = await screen.findByRole('region', { name: 'Featured vehicles' });
    expect(await within(featured).findAllByRole('article')).toHaveLength(6);
    expect(screen.getByRole('link', { name: /Chat with us/ })).toHaveAttribute('href', DEFAULT_COMPANY.chatUrl);
    expect(within(screen.getByRole('region', { name: 'Reserve your car in four steps' })).getAllByRole('listitem')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Questions? We are here to help.' })).getByText(DEFAULT_COMPANY.email)).toBeInTheDocument();
    // Nothing the company did not write: no invented rating anywhere.
    expect(screen.getByRole('main').textContent).not.toMatch(/Google/);
  });

  it('shows testimonials only when the company entered them, each with its own stars', async () => {
    const before = (await ownerApi().call('company')).company;
    try {
      await ownerApi().call('updateCompany', { body: { ...before, testimonials: [] } });
      const empty = renderApp('/');
      await screen.findByRole('region', { name: 'Featured vehicles' });
      expect(screen.queryByRole('region', { name: 'What our customers say' })).not.toBeInTheDocument();
      empty.unmount();

      const said = { name: 'Odette P.', place: 'Ocho Rios', text: `Quick and friendly (${uniqueWord('t')}).`, stars: 4 };
      await ownerApi().call('updateCompany', { body: { ...before, testimonials: [said] } });
      renderApp('/');
      const reviews = within(await screen.findByRole('region', { name: 'What our customers say' }));
      expect(reviews.getByRole('blockquote')).toHaveTextContent(said.text);
      expect(reviews.getByRole('img', { name: '4 out of 5' })).toBeInTheDocument();
      expect(reviews.getByText('Odette P.')).toBeInTheDocument();
      expect(reviews.queryByText(/Google/)).not.toBeInTheDocument();
    } finally {
      await ownerApi().call('updateCompany', { body: before });
    }
  });
});

describe('about page', () => {
  it('has the selling points, a lazy map with a title, the FAQ statements and the rental requirements', () => {
    renderApp('/about-us');
    const map = screen.getByTitle(/Map showing/);
    expect(map).toHaveAttribute('src', DEFAULT_COMPANY.mapUrl);
    expect(map).toHaveAttribute('loading', 'lazy');
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    expect(faq.getByText(`Yes. ${PAYMENT_WAYS_IN_SHORT}`)).toBeInTheDocument();
    const requirements = within(screen.getByRole('region', { name: 'Rental requirements' }));
    expect(requirements.getByText(/at least 2 years/)).toBeInTheDocument();
    expect(requirements.getByText('Age 23 or older')).toBeInTheDocument();
    // A visitor has no Jamaican work ID: one of the two is asked.
    expect(requirements.getByText('A valid passport or a work ID (visitors to Jamaica: your passport)')).toBeInTheDocument();
    expect(requirements.getByText('Proof of address')).toBeInTheDocument();
    expect(requirements.getByText(/may reject an application/)).toBeInTheDocument();
  });

  it('names the company and its places as its settings say, never the shipped company before they arrive', async () => {
    renderApp('/about-us');
    // Before the answer: the page's own title, no company's name.
    expect(document.title).toBe('About Us');
    await waitFor(() => expect(document.title).toBe(`About Us | ${DEFAULT_COMPANY.name}`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(`in ${DEFAULT_COMPANY.locations[0]}`);
    const places = within(screen.getByRole('list', { name: 'Pickup locations' }));
    expect(places.getByText(DEFAULT_COMPANY.locations[0]!)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`About ${DEFAULT_COMPANY.name}`);
  });
});

describe('one story of how to pay', () => {
  // The bank payment is a cash deposit at the bank or a transfer from online banking, with the
  // reference, wherever it is told; "bank transfer" alone or "cash" alone told customers half of it.
  const OTHER_WORDS = /bank transfer|in cash into|in cash at the bank|pay on the spot|\bwire\b/i;

  it.each(['/', '/about-us', '/terms'])('%s tells the ways to pay in the same words', (path) => {
    renderApp(path);
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(BANK_PAYMENT_WAYS);
    // The terms' refund policy tells how money goes back (a bank transfer to the customer), not a way to pay.
    const refunds = main.querySelector('#terms-refunds')?.closest('section')?.textContent ?? '';
    expect(main.textContent?.replace(refunds, '')).not.toMatch(OTHER_WORDS);
  });

  it('the payment step and the booking page tell them in the same words', async () => {
    await ensureBankDetails();
    const car = await addCar({ brand: uniqueWord('Story'), model: 'Vitz' });
    const pickup = addDays(companyToday(), 70);
    const ret = addDays(pickup, 2);

    const step = renderApp(`/payment/${car._id}/${pickup}/${ret}`);
    await userEvent.setup().click(await screen.findByRole('radio', { name: /Cash deposit/ }));
    const stepMain = screen.getByRole('main');
    expect(await within(stepMain).findByText(/into the account below/)).toHaveTextContent(BANK_PAYMENT_WAYS);
    expect(stepMain).toHaveTextContent(PAYMENT_METHOD_TEXT.upfront.summary);
    expect(stepMain.textContent).not.toMatch(OTHER_WORDS);
    step.unmount();

    const { token } = await registerCustomer('Story Reader');
    const booking = await createBooking(token, car._id, pickup, ret, 'cash_deposit');
    renderApp(`/my-bookings/${booking.reference}`, { token });
    const pay = within(await screen.findByRole('region', { name: 'How to pay: Cash deposit' }));
    expect(pay.getByText(PAYMENT_METHOD_TEXT.cash_deposit.summary)).toBeInTheDocument();
    expect(await pay.findByText(/into the account below/)).toHaveTextContent(BANK_PAYMENT_WAYS);
    expect(screen.getByRole('main').textContent).not.toMatch(OTHER_WORDS);
  });
});

describe('terms and privacy', () => {
  it('terms: the rental requirements, the deposit in its currency, holds, the pending limit and cancelling', async () => {
    renderApp('/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Rental terms' })).toBeInTheDocument();
    const requirements = within(screen.getByRole('region', { name: 'What you need to rent' }));
    for (const text of [/at least 2 years/, /Age 23 or older/, /A valid passport or a work ID/, /Proof of address/, /may reject an application/]) {
      expect(requirements.getAllByText(text).length).toBeGreaterThan(0);
    }
    const price = within(screen.getByRole('region', { name: 'Price and security deposit' }));
    expect(price.getByText(new RegExp(depositNotice(DEFAULT_COMPANY).replace(/[.]/g, '\\.')))).toHaveTextContent('$15,000 JMD');
    const holds = within(screen.getByRole('region', { name: 'Holds, confirmation and cancelling' }));
    expect(holds.getByText(/48 hours/)).toBeInTheDocument();
    expect(holds.getByText(new RegExp(`at most ${MAX_PENDING_BOOKINGS} bookings waiting`))).toBeInTheDocument();
    expect(holds.getByText(/until the day before pickup/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Rental terms | ${DEFAULT_COMPANY.name}`));
  });

  it('privacy: what we keep, why, and how to ask for deletion by e-mail', async () => {
    renderApp('/privacy');
    await within(screen.getByRole('region', { name: 'Seeing, changing or deleting your details' })).findByRole('link', { name: DEFAULT_COMPANY.email });
    const kept = within(screen.getByRole('region', { name: 'What we keep' }));
    expect(kept.getByText(/name, e-mail address and phone number/)).toBeInTheDocument();
    expect(kept.getByText(/Your bookings/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why' })).toBeInTheDocument();
    const deletion = within(screen.getByRole('region', { name: 'Seeing, changing or deleting your details' }));
    expect(deletion.getByRole('link', { name: DEFAULT_COMPANY.email })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^mailto:${DEFAULT_COMPANY.email}`)),
    );
  });
});

describe("the about page's FAQ", () => {
  const faqAnswer = async (question: string) => {
    const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
    return (await faq.findByText(question)).nextElementSibling?.textContent;
  };

  it('agrees with the extras sold: a damage waiver on offer is coverage offered, with its price and the excess either way', async () => {
    const { restore } = await changePrices((before) => ({
      ...before.rules,
      extras: [
        { name: 'Damage waiver', description: 'Lowers what you pay towards damage.', charge: 'per_day', price: 1200, maxPerBooking: 1, stock: null },
        { name: 'Child seat', description: '', charge: 'per_rental', price: 2500, maxPerBooking: 2, stock: 3 },
      ],
    }));
    try {
      const { unmount } = renderApp('/about-us');
      expect(await faqAnswer('Do you offer extra insurance coverage?')).toBe(
        `Yes: the Damage waiver ($1,200 JMD per day plus GCT), chosen when you book. With it, the most you pay towards damage to or loss of the car is ` +
          `${formatMoney(DEFAULT_COMPANY.waiverExcess)}; without it, ${formatMoney(DEFAULT_COMPANY.damageExcess)}.`,
      );
      expect(await faqAnswer('What can I add to my rental?')).toBe(
        'Damage waiver ($1,200 JMD per day plus GCT), Child seat ($2,500 JMD per rental plus GCT). Choose them when you book.',
      );
      expect(await faqAnswer('Can I tow with a rental car?')).toMatch(/^No\. Our vehicles have no tow hitch/);
      unmount();

      await changePrices((before) => ({ ...before.rules, extras: [] }));
      renderApp('/about-us');
      expect(await faqAnswer('Do you offer extra insurance coverage?')).toBe('No. We do not offer extra coverage beyond what is included with the rental.');
      expect(screen.queryByText('What can I add to my rental?')).not.toBeInTheDocument();
    } finally {
      await restore();
    }
  });
});
