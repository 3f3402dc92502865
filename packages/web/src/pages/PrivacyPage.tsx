import type { ReactNode } from 'react';
import { DELETED_CUSTOMER_NAME } from '@rental/contract/constants';
import { Link } from 'react-router';
import { useCompany, useCompanyContacts } from '../company/useCompany';
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
  const contacts = useCompanyContacts();
  usePageMeta('Privacy', `What ${company.name} keeps about you, why, and how to ask us to delete it.`);
  // Until the company's own e-mail is saved, no placeholder address: the words say it follows soon.
  const mail = contacts ? (
    <a href={`mailto:${contacts.email}?subject=${encodeURIComponent('Please delete my account')}`} className="font-medium text-primary underline">
      {contacts.email}
    </a>
  ) : (
    <span>our e-mail address (it follows soon: we are setting up)</span>
  );
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Privacy</h1>
      <p className="mt-4 text-lg text-slate-600">{company.name} keeps only what it needs to rent you a car. Nothing is sold or passed on for advertising.</p>

      <Part id="privacy-what" title="What we keep">
        <ul className="list-disc space-y-1 pl-6">
          <li>Your name, e-mail address and phone number, as you gave them.</li>
          <li>Your password, stored scrambled so that nobody, our staff included, can read it.</li>
          <li>Your bookings: the car, the dates, the price, how you chose to pay, and each change of their status.</li>
          <li>Your driver details: your driving licence number, the country that issued it, its issue and expiry dates, and your date of birth.</li>
          <li>
            The documents you send us: photos or PDFs of your driving licence, passport, work ID and proof of address. Photos are stored without their hidden
            details (such as the GPS position of where they were taken).
          </li>
          <li>The other drivers you name on a booking: their name, driving licence and date of birth.</li>
          <li>The address you ask us to bring the car to, when you choose delivery.</li>
          <li>Our check of your driver details: whether we approved them, and why not when we did not.</li>
          <li>
            When you pick up and return a car: the rental agreement you sign at the counter (with your signature), the receipt, and the payments you make. The
            agreement’s last page, its signing certificate, records when it was signed and the internet address and browser it was signed from; we keep its
            fingerprint so that anyone holding a copy can{' '}
            <Link to="/verify-agreement" className="font-medium text-primary underline">
              check it
            </Link>
            .
          </li>
          <li>The e-mails we send you, and those to our staff about your bookings.</li>
        </ul>
        <p>The site keeps you logged in with a key stored in your browser. It sets no advertising or tracking cookies.</p>
      </Part>

      <Part id="privacy-why" title="Why">
        <ul className="list-disc space-y-1 pl-6">
          <li>To confirm your bookings, have the car ready and reach you about them.</li>
          <li>To match your payment to your booking.</li>
          <li>To keep the records a business must keep.</li>
          <li>
            To check who drives our cars: our{' '}
            <Link to="/terms" className="font-medium text-primary underline">
              rental terms
            </Link>{' '}
            ask every driver for a valid licence held long enough, a minimum age, and proof of who they are and where they live. We check your driver details
            and documents before your pickup.
          </li>
        </ul>
        <p>
          Only you and our staff see your details and documents, to run your rentals. Your driver details and documents are never part of the bookings lists
          staff export.
        </p>
      </Part>

      <Part id="privacy-how-long" title="How long we keep it">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Your account, driver details and documents: while your account exists. A document you remove, or all of them when you delete your account, is erased
            at once from the site; copies in our backups are gone when those backups are replaced.
          </li>
          <li>
            Your bookings, receipts and payments: 7 years, for the company's books (the tax records Jamaica asks a business to keep). When you delete your
            account, they stay without your name or details (see below).
          </li>
        </ul>
      </Part>

      <Part id="privacy-delete" title="Seeing, changing or deleting your details">
        <p>
          You can see and change your name, phone number, password, driver details and documents on{' '}
          <Link to="/account" className="font-medium text-primary underline">
            My Account
          </Link>
          .
        </p>
        <p>
          Jamaica's Data Protection Act 2020 gives you the right to have your personal data erased. To use it, log in and choose "Delete my account" at the
          bottom of{' '}
          <Link to="/account" className="font-medium text-primary underline">
            My Account
          </Link>
          . You can remove a single document there too. Deleting your account does this at once, all together:
        </p>
        <p className="font-semibold text-slate-900">Erased</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Your name, e-mail address, phone number, password and picture; you are logged out everywhere.</li>
          <li>Your driver details (driving licence number and date of birth), our check of them, and your documents.</li>
          <li>The other drivers you named: their names, driving licences and dates of birth.</li>
          <li>The delivery address of your bookings.</li>
          <li>Your signature.</li>
          <li>
            The e-mails we sent you and those to our staff about your bookings; wherever else your name, e-mail address, phone number, licence number or address
            was written (a staff note, another e-mail), it is blotted out.
          </li>
          <li>
            Your rental agreements and receipts are made again with "{DELETED_CUSTOMER_NAME}" in place of your name, e-mail address, phone number and licence
            number, and without your signature.
          </li>
        </ul>
        <p className="font-semibold text-slate-900">Kept, because the law asks a business to keep its books</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Each booking's reference, receipt number, car, dates, charges, GCT, payments and security deposit, under "{DELETED_CUSTOMER_NAME}".</li>
        </ul>
        <p>Backups we make after that hold none of your details. Copies in backups made before are gone when those backups are replaced.</p>
        <p>
          If you cannot log in, write to {mail} from the e-mail address of your account. We delete your details in the same way and tell you when it is done.
        </p>
      </Part>
    </div>
  );
}
