import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSkeleton } from './components/Skeleton';
import { PublicLayout } from './components/PublicLayout';
import { CompanyFactsProvider } from './company/CompanyFactsProvider';
import { lazyPage } from './lib/lazyPage';

// The home page comes with the first download; every other page is fetched when first opened,
// so a phone landing on any page downloads only that page's code (see bench/bundle-size.mjs).
// Every page, home included, is a chunk of its own: a page opened first downloads the shared code and
// its own, not the home page's too (the drawn page names its chunk for the browser to fetch at once).
const HomePage = lazyPage(() => import('./pages/HomePage'));
const CarsPage = lazyPage(() => import('./pages/CarsPage'));
const CarDetailsPage = lazyPage(() => import('./pages/CarDetailsPage'));
const AboutPage = lazyPage(() => import('./pages/AboutPage'));
const MyBookingsPage = lazyPage(() => import('./pages/MyBookingsPage'));
const PaymentPage = lazyPage(() => import('./pages/PaymentPage'));
const BookingPage = lazyPage(() => import('./pages/BookingPage'));
const AccountPage = lazyPage(() => import('./pages/AccountPage'));
const TermsPage = lazyPage(() => import('./pages/TermsPage'));
const PrivacyPage = lazyPage(() => import('./pages/PrivacyPage'));
const VerifyAgreementPage = lazyPage(() => import('./pages/VerifyAgreementPage'));
const LoginPage = lazyPage(() => import('./pages/LoginPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const SetupPage = lazyPage(() => import('./pages/SetupPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'));
const FindBookingPage = lazyPage(() => import('./pages/FindBookingPage'));
const BookingSignInPage = lazyPage(() => import('./pages/BookingSignInPage'));
const StaffInvitationPage = lazyPage(() => import('./features/staffInvitation/StaffInvitationPage'));
const OnlineCheckInPage = lazyPage(() => import('./features/onlineCheckIn/OnlineCheckInPage'));

/** Downloads every public page's code now (tests render pages without waiting for downloads). */
export function preloadPublicPages(): Promise<void> {
  const pages = [
    HomePage,
    CarsPage,
    CarDetailsPage,
    AboutPage,
    MyBookingsPage,
    PaymentPage,
    BookingPage,
    AccountPage,
    TermsPage,
    PrivacyPage,
    VerifyAgreementPage,
    LoginPage,
    NotFoundPage,
  ];
  return Promise.all([...pages.map((page) => page.preload()), import('./features/bookings/DateRangeCalendar')]).then(() => undefined);
}
// Staff-only screens: customers never download them, nor the list of their chunks (staffArea.ts).
const StaffRoutes = lazy(() => import('./staffArea').then((area) => area.loadStaffRoutes()));

/**
 * The pages a visitor opens first (home, the fleet, a car) are matched among a handful of routes;
 * every other public page is matched by MorePublicPages, reached through the catch-all. React Router
 * flattens, compiles and ranks a <Routes>' whole list each time it renders it, and on a phone's CPU
 * the full list of public pages took 30-50 ms of the hydration task that draws the first page.
 */
export default function App() {
  return (
    <CompanyFactsProvider>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="cars" element={<CarsPage />} />
          <Route path="car-details/:id" element={<CarDetailsPage />} />
          <Route path="*" element={<MorePublicPages />} />
        </Route>
        <Route
          path="owner/*"
          element={
            <Suspense fallback={<PageSkeleton label="Loading the dashboard" />}>
              <StaffRoutes />
            </Suspense>
          }
        />
      </Routes>
    </CompanyFactsProvider>
  );
}

/** The other public pages, inside the public layout; an address none of them has is the Not found page. */
function MorePublicPages() {
  return (
    <Routes>
      <Route path="about-us" element={<AboutPage />} />
      <Route path="my-bookings" element={<MyBookingsPage />} />
      <Route path="my-bookings/:reference" element={<BookingPage />} />
      <Route path="my-bookings/:reference/check-in" element={<OnlineCheckInPage />} />
      <Route path="account" element={<AccountPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="verify-agreement" element={<VerifyAgreementPage />} />
      <Route path="payment/:carId/:pickupDate/:returnDate" element={<PaymentPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="setup" element={<SetupPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="booking" element={<FindBookingPage />} />
      <Route path="booking/sign-in" element={<BookingSignInPage />} />
      <Route path="booking/:reference" element={<FindBookingPage />} />
      <Route path="staff-invitation/:token" element={<StaffInvitationPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
