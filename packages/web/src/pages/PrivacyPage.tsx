import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCompany } from '../company/useCompany';
import { usePageMeta } from '../lib/usePageMeta';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** /privacy: what the site keeps about a customer, why, and how to have it deleted. */
export default function PrivacyPage() {
  const company = useCompany();
  usePageMeta('Privacy', `What ${company.name} keeps about you, why, and how to ask us to delete it.`);
  const mail = (
    <a href={`mailto:${company.email}?subject=${encodeURIComponent('Please delete my account')}`} className="font-medium text-primary underline">
      {company.email}
    </a>
  );
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Privacy</h1>
      <p className="mt-4 text-lg text-slate-600">
        {company.name} keeps only what it needs to rent you a car. Nothing is sold or passed on for advertising.
      </p>

      <Part id="privacy-what" title="What we keep">
        <ul className="list-disc space-y-1 pl-6">
          <li>Your name, e-mail address and phone number, as you gave them.</li>
          <li>Your password, stored scrambled so that nobody, our staff included, can read it.</li>
          <li>Your bookings: the car, the dates, the price, how you chose to pay, and each change of their status.</li>
        </ul>
        <p>
          The site keeps you logged in with a key stored in your browser. It sets no advertising or tracking cookies.
        </p>
      </Part>

      <Part id="privacy-why" title="Why">
        <ul className="list-disc space-y-1 pl-6">
          <li>To confirm your bookings, have the car ready and reach you about them.</li>
          <li>To match your payment to your booking.</li>
          <li>To keep the records a business must keep.</li>
        </ul>
        <p>Only our staff see your details, to run your rentals.</p>
      </Part>

      <Part id="privacy-delete" title="Seeing, changing or deleting your details">
        <p>
          You can change your name, phone number and password on{' '}
          <Link to="/account" className="font-medium text-primary underline">
            My Account
          </Link>
          .
        </p>
        <p>
          To have your account and details deleted, write to {mail} from the e-mail address of your account. We delete them, except the
          booking records a business must keep, and tell you when it is done.
        </p>
      </Part>
    </div>
  );
}
