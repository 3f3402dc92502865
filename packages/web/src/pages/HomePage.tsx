import { COMPANY_SETTING_UP, heroHeadline, phoneHref } from '@rental/contract/company';
import { HOME_FEATURED_CARS } from '@rental/contract/constants';
import { BadgeCheck, CalendarCheck, CarFront, CreditCard, Headset, KeyRound, Mail, MapPin, MessageCircle, Phone, Sparkles, Star, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { CarCard } from '../components/CarCard';
import { CarGridSkeleton } from '../components/CarGridSkeleton';
import { HeroBookingForm } from '../features/home/HeroBookingForm';
import { FEATURES, steps } from '../features/home/homeContent';
import { usePageMeta } from '../lib/usePageMeta';
import { firstCarsQuery, useCarsPage } from '../features/cars/carsPageQuery';
import { useCompany, useCompanyContacts } from '../company/useCompany';

const FEATURE_ICONS = [Sparkles, BadgeCheck, Wallet, Headset];
const STEP_ICONS = [CarFront, CalendarCheck, CreditCard, KeyRound];

/** As many filled stars as the customer gave, of five. */
function Stars({ count }: { count: number }) {
  return (
    <span role="img" aria-label={`${count} out of 5`} className="flex gap-0.5 text-amber-500">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} aria-hidden="true" size={16} fill={i <= count ? 'currentColor' : 'none'} />
      ))}
    </span>
  );
}

export default function HomePage() {
  const company = useCompany();
  const contacts = useCompanyContacts();
  const place = company.locations[0] ?? 'Jamaica';
  usePageMeta(
    `Car rental in ${place}`,
    `Rent a well-kept car in ${place}, Jamaica. Check availability for your dates, see the price at once and reserve online.`,
  );
  // The fleet's first few, not the whole fleet: the page costs the same at any fleet size.
  const featuredCars = useCarsPage(firstCarsQuery(HOME_FEATURED_CARS));
  const featured = featuredCars.data?.cars ?? [];
  const carsLoading = featuredCars.isPending;

  return (
    <>
      <section className="bg-gradient-to-b from-primary-light to-white">
        <div className="container-page pt-12 pb-6 text-center sm:pt-16 sm:pb-10 lg:pt-20 lg:pb-14">
          <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {/* The company's own headline, or "Rent the right car in <its first location>" (company settings). */}
            {company.heroText ? (
              heroHeadline(company)
            ) : (
              <>
                Rent the right car in <span className="text-primary">{company.locations[0] ?? 'Jamaica'}</span>
              </>
            )}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-slate-600 sm:text-lg">
            Reliable cars at clear daily prices. Pick your dates, choose a car and reserve in minutes.
          </p>
          <div className="mt-8 sm:mt-10">
            <HeroBookingForm />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="below-fold container-page py-10">
        <h2 id="features-heading" className="sr-only">
          Why rent with us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature, i) => {
            const Icon = FEATURE_ICONS[i] ?? Sparkles;
            return (
              <li key={feature.title} className="flex gap-4 rounded-xl border border-slate-200 p-5">
                <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-primary-light text-primary">
                  <Icon aria-hidden="true" size={22} />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="below-fold bg-slate-50 py-14">
        <div className="container-page">
          <h2 id="steps-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            Reserve your car in four steps
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps(company).map((step, i) => {
              const Icon = STEP_ICONS[i] ?? CarFront;
              return (
                <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
                  <div className="flex items-center gap-3">
                    <span className="grid h-10 w-10 place-items-center rounded-full bg-primary font-semibold text-white">{i + 1}</span>
                    <Icon aria-hidden="true" className="text-primary" size={22} />
                  </div>
                  <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{step.text}</p>
                </li>
              );
            })}
          </ol>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="below-fold container-page py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Featured vehicles
            </h2>
            <p className="mt-1 text-slate-600">A few of the cars ready for your next trip.</p>
          </div>
          <Link to="/cars" className="btn-secondary">
            Explore all cars
          </Link>
        </div>
        <div className="mt-8">
          {carsLoading ? (
            <CarGridSkeleton count={HOME_FEATURED_CARS} label="Loading featured cars" />
          ) : featured.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {contacts
                ? `Our fleet is being updated. Call us on ${contacts.phone} and we will find you a car.`
                : 'Our fleet is being updated. Please come back soon.'}
            </p>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {featured.map((car) => (
                <CarCard key={car._id} car={car} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="sourcing-heading" className="below-fold container-page">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-gradient-to-r from-primary to-primary-dull p-8 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="sourcing-heading" className="text-2xl font-bold sm:text-3xl">
              Looking for a specific car?
            </h2>
            <p className="mt-2 text-blue-100">Tell us what you need: a bigger van, a pickup for work or something special. We will source it for you.</p>
          </div>
          {contacts && (
            <a href={contacts.chatUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary shrink-0 border-white">
              <MessageCircle aria-hidden="true" size={18} />
              Chat with us
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
      </section>

      {/* What customers said, only as the company entered it (company settings): no invented rating. */}
      {company.testimonials.length > 0 && (
        <section aria-labelledby="reviews-heading" className="below-fold container-page py-14">
          <h2 id="reviews-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
            What our customers say
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {company.testimonials.map((t) => (
              <li key={`${t.name}|${t.text}`} className="flex flex-col rounded-xl border border-slate-200 p-6">
                <Stars count={t.stars} />
                <blockquote className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">“{t.text}”</blockquote>
                <p className="mt-4 font-semibold text-slate-900">{t.name}</p>
                {t.place && <p className="text-sm text-slate-500">{t.place}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="contact-heading" className="below-fold bg-slate-50 py-10">
        <div className="container-page flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="contact-heading" className="text-xl font-bold text-slate-900">
              Questions? We are here to help.
            </h2>
            <p className="mt-1 text-slate-600">Call, write or visit us at our office.</p>
          </div>
          <ul className="flex flex-col gap-3 text-slate-700 sm:flex-row sm:flex-wrap sm:gap-6">
            {contacts ? (
              <>
                <li>
                  <a href={phoneHref(contacts.phone)} className="flex items-center gap-2 hover:text-primary">
                    <Phone aria-hidden="true" size={18} className="text-primary" />
                    {contacts.phone}
                  </a>
                </li>
                <li>
                  <a href={`mailto:${contacts.email}`} className="flex items-center gap-2 break-all hover:text-primary">
                    <Mail aria-hidden="true" size={18} className="shrink-0 text-primary" />
                    {contacts.email}
                  </a>
                </li>
              </>
            ) : (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" size={18} className="text-primary" />
                {COMPANY_SETTING_UP}
              </li>
            )}
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" size={18} className="shrink-0 text-primary" />
              {company.address}
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
