import { z } from 'zod';
import { ownerBooking } from './bookings';
import { todaysMovements } from './blocks';
import { paperDue } from './carPapers';

/** Revenue of one month ("2026-05"), counted as the dashboard's monthly revenue is. */
export const monthRevenue = z.object({ month: z.string(), revenue: z.number() });
export type MonthRevenue = z.infer<typeof monthRevenue>;
/** This month's share of the fleet's car-days taken by bookings that are not cancelled. */
export const fleetOccupancy = z.object({ percent: z.number(), bookedCarDays: z.number(), carDays: z.number() });
export type FleetOccupancy = z.infer<typeof fleetOccupancy>;

// ---------- dashboard ----------
export const dashboardData = z.object({
  totalCars: z.number(),
  totalBookings: z.number(),
  pendingBookings: z.number(),
  completedBookings: z.number(),
  recentBookings: z.array(ownerBooking),
  monthlyRevenue: z.number(),
  // The last 12 months, oldest first (the current month last), and occupancy.
  revenueByMonth: z.array(monthRevenue),
  occupancy: fleetOccupancy,
  /** Today's pickups and returns, as the fleet timeline lists them. */
  today: todaysMovements,
  /** Cars' papers expired or expiring within 30 days, the soonest first (each car's current paper of a kind). */
  papersDue: z.array(paperDue),
  /** The first start's checklist (setupChecklist.ts): true for each item done. */
  setup: z.object({
    companyFacts: z.boolean(),
    bankDetails: z.boolean(),
    car: z.boolean(),
    mail: z.boolean(),
    cardPayments: z.boolean(),
    secondStaff: z.boolean(),
  }),
});
export type DashboardData = z.infer<typeof dashboardData>;
