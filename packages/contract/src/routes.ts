/**
 * Every call of the API: its method, path and who may make it. This half of the endpoint table has
 * no zod in it, so the browser's public pages can use it without loading the schemas; endpoints.ts
 * adds each call's request and response schemas under the same names (the compiler holds the two
 * to the same set of names).
 */

import type { Access } from './staffRoles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** Fastify's form: `:name` marks a path parameter. */
  readonly path: string;
  readonly access: Access;
}

/** Paths under /api/owner/ are the SPEC's wire names for staff calls, whichever staff role may make them (`access`). */
export const ROUTES = {
  // Account
  register: { method: 'POST', path: '/api/user/register', access: 'anyone' },
  login: { method: 'POST', path: '/api/user/login', access: 'anyone' },
  userData: { method: 'GET', path: '/api/user/data', access: 'customer' },
  updateProfile: { method: 'PUT', path: '/api/user/profile', access: 'customer' },
  changePassword: { method: 'POST', path: '/api/user/change-password', access: 'customer' },
  forgotPassword: { method: 'POST', path: '/api/user/forgot-password', access: 'anyone' },
  resetPassword: { method: 'POST', path: '/api/user/reset-password', access: 'anyone' },
  /** The first owner, through the one-time address the server prints when it has none. */
  setupOwner: { method: 'POST', path: '/api/setup/owner', access: 'anyone' },
  // The driver: licence, documents, erasure (driverRules.ts, schemas/drivers.ts)
  saveDriver: { method: 'PUT', path: '/api/user/driver', access: 'customer' },
  userDocuments: { method: 'GET', path: '/api/user/documents', access: 'customer' },
  uploadDocument: { method: 'POST', path: '/api/user/documents', access: 'customer' },
  deleteDocument: { method: 'DELETE', path: '/api/user/documents/:id', access: 'customer' },
  /** Its customer's or staff's; 404 for anyone else. */
  document: { method: 'GET', path: '/api/documents/:id', access: 'customer' },
  deleteAccount: { method: 'DELETE', path: '/api/user/account', access: 'customer' },
  // Cars
  cars: { method: 'GET', path: '/api/user/cars', access: 'anyone' },
  carsPage: { method: 'GET', path: '/api/user/cars/page', access: 'anyone' },
  car: { method: 'GET', path: '/api/user/car/:id', access: 'anyone' },
  // Bookings
  checkAvailability: { method: 'POST', path: '/api/bookings/check-availability', access: 'anyone' },
  createBooking: { method: 'POST', path: '/api/bookings/create', access: 'customer' },
  userBookings: { method: 'GET', path: '/api/bookings/user', access: 'customer' },
  /** Also the booking a one-time sign-in link opened (access bookingHolder: that booking alone). */
  userBooking: { method: 'GET', path: '/api/bookings/user/:reference', access: 'bookingHolder' },
  // Finding a booking without an account password (bookingLookup.ts, schemas/bookingLookup.ts)
  bookingLookup: { method: 'POST', path: '/api/bookings/lookup', access: 'anyone' },
  bookingLookupSignIn: { method: 'POST', path: '/api/bookings/lookup/sign-in', access: 'anyone' },
  cancelBooking: { method: 'POST', path: '/api/bookings/cancel', access: 'customer' },
  bookingDrivers: { method: 'PUT', path: '/api/bookings/:id/drivers', access: 'customer' },
  // A bank deposit's slips (paymentSlips.ts): the customer their own booking's, staff any; 404 for anyone else
  paymentSlips: { method: 'GET', path: '/api/bookings/:id/payment-slips', access: 'customer' },
  sendPaymentSlip: { method: 'POST', path: '/api/bookings/:id/payment-slips', access: 'customer' },
  removePaymentSlip: { method: 'DELETE', path: '/api/bookings/:id/payment-slips/:slipId', access: 'customer' },
  // A booking's dates or car (bookingChanges.ts): staff any live booking, a customer their own; 404 for anyone else
  bookingChangeQuote: { method: 'POST', path: '/api/bookings/:id/quote-change', access: 'customer' },
  changeBooking: { method: 'POST', path: '/api/bookings/:id/change', access: 'customer' },
  // Online check-in (onlineCheckIn.ts, schemas/onlineCheckIn.ts): the booking's customer (or the one-time link's session for it); staff may read the state; 404 for anyone else
  onlineCheckIn: { method: 'GET', path: '/api/bookings/:id/online-check-in', access: 'bookingHolder' },
  sendCheckInCode: { method: 'POST', path: '/api/bookings/:id/online-check-in/code', access: 'bookingHolder' },
  completeCheckIn: { method: 'POST', path: '/api/bookings/:id/online-check-in', access: 'bookingHolder' },
  // Prices, extras, the quote (quote.ts, schemas/prices.ts)
  quote: { method: 'POST', path: '/api/bookings/quote', access: 'anyone' },
  prices: { method: 'GET', path: '/api/prices', access: 'anyone' },
  ownerPrices: { method: 'GET', path: '/api/owner/prices', access: 'manager' },
  savePrices: { method: 'PUT', path: '/api/owner/prices', access: 'manager' },
  // Card payments (schemas/payments.ts)
  startPayment: { method: 'POST', path: '/api/payments/start', access: 'customer' },
  paymentReturn: { method: 'GET', path: '/api/payments/return', access: 'anyone' },
  paymentAttempts: { method: 'GET', path: '/api/owner/payments', access: 'staff' },
  closePayment: { method: 'POST', path: '/api/owner/payments/:id/close', access: 'manager' },
  refundPayment: { method: 'POST', path: '/api/owner/payments/:id/refund', access: 'manager' },
  // The counter: the desk, keys out and back, the agreement and receipt, a car's damages (counter.ts)
  desk: { method: 'GET', path: '/api/owner/desk', access: 'staff' },
  counterBooking: { method: 'GET', path: '/api/owner/bookings/:id/counter', access: 'staff' },
  checkOut: { method: 'POST', path: '/api/bookings/:id/check-out', access: 'staff' },
  agreementPreview: { method: 'POST', path: '/api/bookings/:id/agreement-preview', access: 'staff' },
  checkIn: { method: 'POST', path: '/api/bookings/:id/check-in', access: 'staff' },
  /** The booking's customer's or staff's; 404 for anyone else. */
  agreementPdf: { method: 'GET', path: '/api/bookings/:id/agreement.pdf', access: 'bookingHolder' },
  /** The condition appendix of a booking checked in online (decision 125): its customer's or staff's. */
  conditionPdf: { method: 'GET', path: '/api/bookings/:id/condition.pdf', access: 'bookingHolder' },
  /** Anyone holding a copy of a signed agreement checks it (agreements.ts): nothing personal answered. */
  verifyAgreement: { method: 'POST', path: '/api/agreements/verify', access: 'anyone' },
  receiptPdf: { method: 'GET', path: '/api/bookings/:id/receipt.pdf', access: 'customer' },
  counterPhoto: { method: 'GET', path: '/api/counter-photos/:id', access: 'customer' },
  carDamages: { method: 'GET', path: '/api/owner/cars/:id/damages', access: 'staff' },
  repairDamage: { method: 'POST', path: '/api/owner/damages/:id/repaired', access: 'manager' },
  ownerBookings: { method: 'GET', path: '/api/bookings/owner', access: 'staff' },
  // Bookings staff make for walk-in and phone customers (schemas/staffBookings.ts)
  customerSearch: { method: 'GET', path: '/api/owner/customers', access: 'staff' },
  staffBooking: { method: 'POST', path: '/api/owner/bookings', access: 'staff' },
  changeStatus: { method: 'POST', path: '/api/bookings/change-status', access: 'staff' },
  // Payments received, the bookings export
  changePaymentStatus: { method: 'POST', path: '/api/bookings/payment-status', access: 'staff' },
  ownerBookingsCsv: { method: 'GET', path: '/api/owner/bookings.csv', access: 'manager' },
  // GCT and the books (books.ts): the month's GCT, its lines, the journal for the accountant
  gctReport: { method: 'GET', path: '/api/owner/reports/gct', access: 'manager' },
  gctReportCsv: { method: 'GET', path: '/api/owner/reports/gct/lines.csv', access: 'manager' },
  journalCsv: { method: 'GET', path: '/api/owner/exports/journal.csv', access: 'manager' },
  // What each car earns (fleetReport.ts)
  fleetReport: { method: 'GET', path: '/api/owner/reports/fleet', access: 'manager' },
  fleetReportCsv: { method: 'GET', path: '/api/owner/reports/fleet.csv', access: 'manager' },
  // Company, bank details
  company: { method: 'GET', path: '/api/company', access: 'anyone' },
  staffCompany: { method: 'GET', path: '/api/owner/company', access: 'manager' },
  updateCompany: { method: 'PUT', path: '/api/owner/company', access: 'manager' },
  publicBankDetails: { method: 'GET', path: '/api/owner/public-bank-details', access: 'anyone' },
  bankDetails: { method: 'PUT', path: '/api/owner/bank-details', access: 'owner' },
  // Owner area
  dashboard: { method: 'GET', path: '/api/owner/dashboard', access: 'staff' },
  // Service blocks, the fleet timeline
  createBlock: { method: 'POST', path: '/api/owner/blocks', access: 'staff' },
  blocks: { method: 'GET', path: '/api/owner/blocks', access: 'staff' },
  deleteBlock: { method: 'DELETE', path: '/api/owner/blocks/:id', access: 'staff' },
  timeline: { method: 'GET', path: '/api/owner/timeline', access: 'staff' },
  ownerCars: { method: 'GET', path: '/api/owner/cars', access: 'staff' },
  ownerCar: { method: 'GET', path: '/api/owner/car/:id', access: 'staff' },
  addCar: { method: 'POST', path: '/api/owner/add-car', access: 'manager' },
  updateCar: { method: 'PUT', path: '/api/owner/update-car/:id', access: 'manager' },
  toggleCar: { method: 'POST', path: '/api/owner/toggle-car', access: 'staff' },
  deleteCar: { method: 'POST', path: '/api/owner/delete-car', access: 'manager' },
  updateImage: { method: 'POST', path: '/api/owner/update-image', access: 'staff' },
  // Drivers as staff check them
  vetting: { method: 'GET', path: '/api/owner/vetting', access: 'staff' },
  decideVetting: { method: 'POST', path: '/api/owner/vetting', access: 'staff' },
  markDoNotRent: { method: 'POST', path: '/api/owner/customers/:id/do-not-rent', access: 'staff' },
  clearDoNotRent: { method: 'DELETE', path: '/api/owner/customers/:id/do-not-rent', access: 'staff' },
  // Walk-ins who drive off (docs/decisions/107): a customer's licence typed and its photo sent by staff, other drivers at check-out, a one-time link copied
  customerDriver: { method: 'GET', path: '/api/owner/customers/:id/driver', access: 'staff' },
  saveCustomerDriver: { method: 'PUT', path: '/api/owner/customers/:id/driver', access: 'staff' },
  uploadCustomerDocument: { method: 'POST', path: '/api/owner/customers/:id/documents', access: 'staff' },
  counterDrivers: { method: 'PUT', path: '/api/owner/bookings/:id/drivers', access: 'staff' },
  /** A customer's welcome, password or booking sign-in link that still works; agents get 403. */
  outboxLink: { method: 'GET', path: '/api/owner/outbox/:id/link', access: 'manager' },
  ownerOutbox: { method: 'GET', path: '/api/owner/outbox', access: 'staff' },
  // A booking's WhatsApp and SMS messages, both ways (schemas/bookingMessages.ts)
  bookingMessages: { method: 'GET', path: '/api/owner/bookings/:id/messages', access: 'staff' },
  sendBookingMessage: { method: 'POST', path: '/api/owner/bookings/:id/messages', access: 'staff' },
  bookingMessagesSeen: { method: 'POST', path: '/api/owner/bookings/:id/messages/seen', access: 'staff' },
  resendMessage: { method: 'POST', path: '/api/owner/outbox/resend', access: 'staff' },
  // WhatsApp and SMS across the bookings (schemas/channelOutbox.ts): customers waiting for an answer, every message
  unreadMessages: { method: 'GET', path: '/api/owner/messages/unread', access: 'staff' },
  channelOutbox: { method: 'GET', path: '/api/owner/outbox/messages', access: 'staff' },
  /** A message to read; one to a staff member only for owners (404 for other staff). */
  outboxMessage: { method: 'GET', path: '/api/owner/outbox/:id', access: 'staff' },
  outboxAttachment: { method: 'GET', path: '/api/owner/outbox/:id/attachment', access: 'staff' },
  // The history (activity log), read-only
  ownerActivity: { method: 'GET', path: '/api/owner/activity', access: 'manager' },
  // A car's pictures (up to 8, the first is the cover)
  addCarPicture: { method: 'POST', path: '/api/owner/cars/:id/pictures', access: 'manager' },
  orderCarPictures: { method: 'PUT', path: '/api/owner/cars/:id/pictures', access: 'manager' },
  deleteCarPicture: { method: 'DELETE', path: '/api/owner/cars/:id/pictures/:pictureId', access: 'manager' },
  // Staff accounts and invitations (staffAccounts.ts, schemas/staff.ts)
  staffMembers: { method: 'GET', path: '/api/owner/staff', access: 'owner' },
  inviteStaff: { method: 'POST', path: '/api/owner/staff/invitations', access: 'owner' },
  /** POST .../cancel and .../remove, not DELETE: the permission matrix keys routes by printRoutes' tree, where a DELETE /:id here would share its key with the service blocks'. */
  cancelStaffInvitation: { method: 'POST', path: '/api/owner/staff/invitations/:id/cancel', access: 'owner' },
  changeStaffRole: { method: 'PUT', path: '/api/owner/staff/:id', access: 'owner' },
  removeStaff: { method: 'POST', path: '/api/owner/staff/:id/remove', access: 'owner' },
  staffInvitation: { method: 'GET', path: '/api/staff-invitations/:token', access: 'anyone' },
  acceptStaffInvitation: { method: 'POST', path: '/api/staff-invitations/accept', access: 'anyone' },
  // The folio: a booking's charges, payments and refunds (schemas/folio.ts)
  /** The booking's customer's or staff's; 404 for anyone else. */
  /** Also the booking a one-time sign-in link opened (access bookingHolder: that booking alone). */
  folio: { method: 'GET', path: '/api/bookings/:id/folio', access: 'bookingHolder' },
  recordPayment: { method: 'POST', path: '/api/bookings/:id/payments', access: 'staff' },
  recordRefund: { method: 'POST', path: '/api/bookings/:id/refunds', access: 'manager' },
  addCharge: { method: 'POST', path: '/api/bookings/:id/charges', access: 'staff' },
  voidLine: { method: 'POST', path: '/api/bookings/:id/lines/:lineId/void', access: 'manager' },
  // Tolls and tickets after the return (schemas/lateCharges.ts): owners and managers add them; the customer and staff read them.
  addLateCharge: { method: 'POST', path: '/api/bookings/:id/late-charges', access: 'manager' },
  lateCharges: { method: 'GET', path: '/api/bookings/:id/late-charges', access: 'customer' },
  lateChargeScan: { method: 'GET', path: '/api/late-charges/:id/scan', access: 'customer' },
  /** What happened to a booking, oldest first (its typed events, companyEvents.ts). */
  bookingHistory: { method: 'GET', path: '/api/bookings/:id/history', access: 'staff' },
  // The day's cash-up (cashUp.ts): a counter agent their own day only; reopening is the owner's
  cashUp: { method: 'GET', path: '/api/owner/cash-up', access: 'staff' },
  closeCashUp: { method: 'POST', path: '/api/owner/cash-up', access: 'staff' },
  reopenCashUp: { method: 'POST', path: '/api/owner/cash-up/:date/reopen', access: 'owner' },
  // Pictures, service
  // Bank statements matched to bookings (statements.ts): owners and managers
  statements: { method: 'GET', path: '/api/owner/statements', access: 'manager' },
  uploadStatement: { method: 'POST', path: '/api/owner/statements', access: 'manager' },
  previewStatement: { method: 'POST', path: '/api/owner/statements/preview', access: 'manager' },
  statement: { method: 'GET', path: '/api/owner/statements/:id', access: 'manager' },
  applyStatement: { method: 'POST', path: '/api/owner/statements/:id/apply', access: 'manager' },
  // A car's papers (carPapers.ts): every staff member reads them; owners and managers save them
  carPapers: { method: 'GET', path: '/api/owner/cars/:id/papers', access: 'staff' },
  saveCarPapers: { method: 'PUT', path: '/api/owner/cars/:id/papers', access: 'manager' },
  uploadCarPaperScan: { method: 'POST', path: '/api/owner/cars/:id/papers/:paperId/scan', access: 'manager' },
  carPaperScan: { method: 'GET', path: '/api/owner/cars/:id/papers/:paperId/scan', access: 'staff' },
  fleetPapers: { method: 'GET', path: '/api/owner/papers', access: 'staff' },
  // Services that fall due (maintenance.ts): staff read, owners and managers write
  maintenancePlan: { method: 'GET', path: '/api/owner/cars/:id/maintenance-plan', access: 'staff' },
  saveMaintenancePlan: { method: 'PUT', path: '/api/owner/cars/:id/maintenance-plan', access: 'manager' },
  carServices: { method: 'GET', path: '/api/owner/cars/:id/services', access: 'staff' },
  logCarService: { method: 'POST', path: '/api/owner/cars/:id/services', access: 'manager' },
  carServiceReceipt: { method: 'GET', path: '/api/owner/cars/:id/services/:serviceId/receipt', access: 'staff' },
  maintenanceDue: { method: 'GET', path: '/api/owner/maintenance/due', access: 'staff' },
  serviceBlock: { method: 'POST', path: '/api/owner/maintenance/blocks', access: 'manager' },
  image: { method: 'GET', path: '/api/images/:id', access: 'anyone' },
  openApi: { method: 'GET', path: '/api/openapi.json', access: 'anyone' },
  health: { method: 'GET', path: '/health', access: 'anyone' },
  // The message providers' webhooks (schemas/messages.ts): signed by the provider, checked before anything is read
  whatsappSubscribe: { method: 'GET', path: '/api/webhooks/whatsapp', access: 'anyone' },
  whatsappWebhook: { method: 'POST', path: '/api/webhooks/whatsapp', access: 'anyone' },
  twilioWebhook: { method: 'POST', path: '/api/webhooks/twilio', access: 'anyone' },
} as const satisfies Record<string, RouteDef>;

export type EndpointName = keyof typeof ROUTES;

/** The path with its `:name` parameters filled in (encoded). */
export function pathFor(name: EndpointName, params: Record<string, string> = {}): string {
  return ROUTES[name].path.replace(/:(\w+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: the path parameter ${key} is missing.`);
    return encodeURIComponent(value);
  });
}
