/**
 * Walk-ins who drive off (issue 32 item 3, docs/decisions/107): staff type a customer's licence and
 * send its photo at the desk, on the new booking form and at check-out, name other drivers at
 * check-out, and (owners and managers) copy a customer's one-time link out of the outbox when mail
 * is off. The words staff read for these, in one place.
 */

/**
 * The letters whose one-time link staff may copy for the customer (their kinds in the outbox). A
 * booking's sign-in link (docs/decisions/123) opens less than a welcome or reset link (one booking,
 * no account), so the owners and managers who may copy those may copy it too: a walk-in whose mail
 * does not arrive still checks in online from the link sent by text.
 */
export const COPYABLE_LINK_KINDS = ['welcome_link', 'password_reset_link', 'booking_sign_in_link'] as const;

export const WALK_IN_MESSAGES = {
  driverSaved: 'The driver details are saved. Check them against the licence in hand, then approve the customer as a driver.',
  driverSavedApproved: 'The driver details are saved and were already approved; as they changed, please check and approve them again.',
  photoSaved: 'The photo of the licence is kept with the customer’s documents.',
  driverUnchanged: 'Nothing changed: these are the driver details already kept.',
  notACustomer: 'Staff accounts have no driver details here. Please choose a customer.',
  customerErased: 'This customer erased their account. Please add them again as a new customer.',
  counterDriversSaved: 'The other drivers are saved.',
  counterDriversClosed: 'Other drivers can be added until the keys are handed over, on a booking that is waiting or confirmed.',
  photoNotSaved: 'The booking is made, but the licence photo could not be saved. Please send it again from the check-out.',
  linkCopied: 'Link copied. Send it to the customer yourself: it works once.',
  linkCopyFailed: 'The link could not be copied here. Select it below and copy it by hand.',
} as const;
