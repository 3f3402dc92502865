import { VERIFY_AGREEMENT_PAGE } from '@rental/contract/constants';
import { COMPANY_SETTING_UP, phoneHref } from '@rental/contract/company';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useCompany, useCompanyContacts } from '../company/useCompany';
import { Logo } from './Logo';

export function Footer() {
  const company = useCompany();
  const contacts = useCompanyContacts();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3 lg:col-span-2">
          <Logo inverted />
          <p className="max-w-md text-sm leading-relaxed">
            Reliable, well-kept cars for Jamaica's roads, rented by a local team{company.locations[0] ? ` in ${company.locations[0]}` : ''}. Book online and
            drive off the same day.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 font-semibold text-white">Quick links</h2>
          <ul className="space-y-1 text-sm">
            <li>
              <Link to="/cars" className="inline-block py-1 hover:text-white">
                Vehicles
              </Link>
            </li>
            <li>
              <Link to="/about-us" className="inline-block py-1 hover:text-white">
                About Us
              </Link>
            </li>
            <li>
              <Link to="/my-bookings" className="inline-block py-1 hover:text-white">
                My Bookings
              </Link>
            </li>
            <li>
              <Link to="/terms" className="inline-block py-1 hover:text-white">
                Rental terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className="inline-block py-1 hover:text-white">
                Privacy
              </Link>
            </li>
            <li>
              <Link to={VERIFY_AGREEMENT_PAGE} className="inline-block py-1 hover:text-white">
                Check an agreement
              </Link>
            </li>
          </ul>
        </nav>
        <address className="not-italic">
          <h2 className="mb-3 font-semibold text-white">Contact</h2>
          <ul className="space-y-3 text-sm">
            {contacts ? (
              <li>
                <a href={phoneHref(contacts.phone)} className="flex items-start gap-2 hover:text-white">
                  <Phone aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                  {contacts.phone}
                </a>
              </li>
            ) : (
              <li className="flex items-start gap-2">
                <Phone aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                {COMPANY_SETTING_UP}
              </li>
            )}
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              {company.address}
            </li>
            <li className="flex items-start gap-2">
              <Clock aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
              {company.openingHours}
            </li>
            {contacts && (
              <li>
                <a href={`mailto:${contacts.email}`} className="flex items-start gap-2 break-all hover:text-white">
                  <Mail aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
                  {contacts.email}
                </a>
              </li>
            )}
          </ul>
        </address>
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-5 text-xs text-slate-400">
          © {new Date().getFullYear()} {company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
