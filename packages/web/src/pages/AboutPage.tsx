import { aboutIntro, placeOf } from '@rental/contract/company';
import { BadgeCheck, ClipboardList, Clock, HandCoins, MapPin, ShieldCheck } from 'lucide-react';
import { usePageMeta } from '../lib/usePageMeta';
import { useCompany } from '../company/useCompany';
import { REQUIREMENTS, VETTING } from '../company/rentalTerms';
import { faqEntries } from '../company/faq';
import { usePrices } from '../features/bookings/priceQueries';

const SELLING_POINTS = [
  { icon: BadgeCheck, title: 'Cars you can count on', text: 'A well-kept fleet, cleaned and checked before every rental.' },
  { icon: HandCoins, title: 'Honest prices', text: 'One daily rate shown before you book. What you see is what you pay.' },
  { icon: Clock, title: 'Quick pickup', text: 'Reserve online and collect your keys in minutes at our office.' },
  { icon: ShieldCheck, title: 'A local team', text: 'We live here, know the roads and answer the phone when you call.' },
] as const;

export default function AboutPage() {
  const company = useCompany();
  const prices = usePrices();
  // The answers about extras and coverage follow what the company sells (Prices and extras).
  const faq = faqEntries(prices.data ? { extras: prices.data.extras, gctPercent: prices.data.gctPercent, company } : null);
  usePageMeta(
    'About Us',
    `Who we are, where to find us${company.locations[0] ? ` in ${company.locations[0]}` : ''}, and what you need to rent a car from ${company.name || 'us'}.`,
  );
  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">About {company.name || 'us'}</h1>
        {/* The company's own words, or who it is from its name and places (company settings); its paragraphs kept. */}
        {aboutIntro(company)
          .split(/\n\s*\n/)
          .map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed whitespace-pre-line text-slate-600">
              {paragraph}
            </p>
          ))}
      </header>

      <section aria-labelledby="why-heading" className="mt-12">
        <h2 id="why-heading" className="text-2xl font-bold text-slate-900">
          Why customers choose us
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <Icon aria-hidden="true" className="text-primary" size={28} />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-14 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <MapPin aria-hidden="true" className="text-primary" />
            Find us
          </h2>
          <p className="mt-2 text-slate-600">{company.address}</p>
          {company.locations.length > 0 && (
            <ul aria-label="Pickup locations" className="mt-3 space-y-2">
              {company.locations.map((name) => {
                const place = placeOf(company, name);
                return (
                  <li key={name} className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700">
                    <p className="font-semibold text-slate-900">{name}</p>
                    {place.address !== name && <p>{place.address}</p>}
                    <p className="flex items-center gap-1.5">
                      <Clock aria-hidden="true" size={14} className="shrink-0 text-primary" />
                      {place.openingHours}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="mt-4 aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-100">
            {/* oxlint-disable-next-line react/iframe-missing-sandbox -- a cross-origin map: it cannot reach this page, and a sandbox would need allow-scripts + allow-same-origin anyway */}
            <iframe
              src={company.mapUrl}
              title={`Map showing ${company.name || 'our office'}${company.locations[0] ? ` in ${company.locations[0]}` : ''}`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              width="600"
              height="450"
              className="h-full w-full border-0"
            />
          </div>
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(company.address)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block font-medium text-primary underline underline-offset-2"
          >
            Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>

        <div className="space-y-10">
          <section aria-labelledby="faq-heading">
            <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
              Frequently asked questions
            </h2>
            <dl className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
              {faq.map((item) => (
                <div key={item.question} className="p-5">
                  <dt className="font-semibold text-slate-900">{item.question}</dt>
                  <dd className="mt-1 text-slate-600">{item.answer}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="requirements-heading">
            <h2 id="requirements-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
              <ClipboardList aria-hidden="true" className="text-primary" />
              Rental requirements
            </h2>
            <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
              {REQUIREMENTS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <p className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{VETTING}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
