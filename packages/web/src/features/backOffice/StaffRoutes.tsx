/**
 * The staff area (/owner/*): only staff get in; everyone else is sent to the home page. A page above
 * a staff member's role (staffMenu.ts) says so instead of opening.
 */
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useSession } from '../../session/useSession';
import { BankDetailsPage } from './BankDetailsPage';
import { CarFormPage } from './CarFormPage';
import { CompanySettingsPage } from './CompanySettingsPage';
import { DashboardPage } from './DashboardPage';
import { ManageBookingsPage } from './ManageBookingsPage';
import { ManageCarsPage } from './ManageCarsPage';
import { StaffLayout } from './StaffLayout';
import { StaffLoading } from './StaffLoading';
import { OutboxPage } from './OutboxPage';
import { StaffPageGate } from './StaffPageGate';
// The history
import { ActivityPage } from './activity/ActivityPage';
// The fleet timeline
import { TimelinePage } from './timeline/TimelinePage';
// Driver checks (vetting)
import { VettingPage } from './vetting/VettingPage';
// The counter: the desk, keys out and keys back
import { CheckInPage } from './counter/checkIn/CheckInPage';
import { CheckOutPage } from './counter/checkOut/CheckOutPage';
import { DeskPage } from './counter/desk/DeskPage';
// Prices and extras; card payments
import { PricesPage } from './prices/PricesPage';
import { PaymentsPage } from './payments/PaymentsPage';
import { GctReportPage } from './books/GctReportPage';
// What each car earns
import { FleetReportPage } from './fleetReport/FleetReportPage';
// Bank statements matched to bookings
import { StatementPage, StatementsPage } from './statements/StatementsPage';
// A booking staff make for a walk-in or phone customer
import { NewBookingPage } from './newBooking/NewBookingPage';
// A car's papers
import { CarPapersPage } from './carPapers/CarPapersPage';
// Services that fall due
import { MaintenancePage } from './maintenance/MaintenancePage';
// The day's cash-up
import { CashUpPage } from './cashUp/CashUpPage';
// Staff accounts (owners only)
import { StaffPage } from './staff/StaffPage';
// One booking: its facts and its folio
import { StaffBookingPage } from './bookingPage/StaffBookingPage';

/** A fresh form for every car: going from one car's edit page to "Add car" must not keep its values. */
function CarFormRoute() {
  const { id } = useParams();
  return <CarFormPage key={id ?? 'new'} carId={id} />;
}

export default function StaffRoutes() {
  const { isStaff, userLoading } = useSession();

  // A stored token's user is still on its way: deciding now would throw an owner out.
  if (userLoading) return <StaffLoading />;
  if (!isStaff) return <Navigate to="/" replace />;

  return (
    <Routes>
      <Route element={<StaffLayout />}>
        <Route element={<StaffPageGate />}>
          <Route index element={<DashboardPage />} />
          <Route path="desk" element={<DeskPage />} />
          <Route path="desk/:id/check-out" element={<CheckOutPage />} />
          <Route path="desk/:id/check-in" element={<CheckInPage />} />
          <Route path="add-car" element={<CarFormRoute />} />
          <Route path="add-car/:id" element={<CarFormRoute />} />
          <Route path="manage-cars" element={<ManageCarsPage />} />
          <Route path="manage-bookings" element={<ManageBookingsPage />} />
          <Route path="bookings/new" element={<NewBookingPage />} />
          <Route path="bookings/:id" element={<StaffBookingPage />} />
          <Route path="vetting" element={<VettingPage />} />
          <Route path="bank-details" element={<BankDetailsPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="settings" element={<CompanySettingsPage />} />
          <Route path="outbox" element={<OutboxPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="timeline" element={<TimelinePage />} />
          <Route path="papers" element={<CarPapersPage />} />
          <Route path="prices" element={<PricesPage />} />
          <Route path="payments" element={<PaymentsPage />} />
          <Route path="cash-up" element={<CashUpPage />} />
          <Route path="maintenance" element={<MaintenancePage />} />
          <Route path="reports/gct" element={<GctReportPage />} />
          <Route path="fleet-report" element={<FleetReportPage />} />
          <Route path="statements" element={<StatementsPage />} />
          <Route path="statements/:id" element={<StatementPage />} />
          <Route path="*" element={<Navigate to="/owner" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
