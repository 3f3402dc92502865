import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSkeleton } from './components/Skeleton';
import { PublicLayout } from './components/PublicLayout';
import AboutPage from './pages/AboutPage';
import CarDetailsPage from './pages/CarDetailsPage';
import CarsPage from './pages/CarsPage';
import HomePage from './pages/HomePage';
import LoginPage from './pages/LoginPage';
import MyBookingsPage from './pages/MyBookingsPage';
import NotFoundPage from './pages/NotFoundPage';
import PaymentPage from './pages/PaymentPage';

// Staff-only screens: customers never download them.
const OwnerRoutes = lazy(() => import('./features/owner/OwnerRoutes'));

export default function App() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="cars" element={<CarsPage />} />
        <Route path="car-details/:id" element={<CarDetailsPage />} />
        <Route path="about-us" element={<AboutPage />} />
        <Route path="my-bookings" element={<MyBookingsPage />} />
        <Route path="payment/:carId/:pickupDate/:returnDate" element={<PaymentPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path="owner/*"
        element={
          <Suspense fallback={<PageSkeleton label="Loading the dashboard" />}>
            <OwnerRoutes />
          </Suspense>
        }
      />
    </Routes>
  );
}
