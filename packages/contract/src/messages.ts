import { FAR_AHEAD_DAYS, FAR_AHEAD_HOLD_MINUTES } from './constants';

/** Sentences a customer reads; the web app and the server use these exact texts (as SPEC.md has it). */
export const MESSAGES = {
  loggedOut: 'You have been logged out',
  selectBothDates: 'Please select both pickup and return dates.',
  selectPaymentMethod: 'Please select a payment method.',
  loginToConfirm: 'Please login to confirm booking.',
  errorFetchingCar: 'Error fetching car details.',
  errorFetchingBankDetails: 'Error fetching public bank details.',
  errorDuringBooking: 'Error during booking process.',
  noCarsAvailable: 'No cars available',
  confirmDeleteCar: 'Are you sure you want to delete this car?',

  // Server answers
  notAuthorized: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  staffOnly: 'Only the company staff can do this.',
  invalidCredentials: 'The e-mail address or the password is not right. Please try again.',
  emailTaken: 'An account with this email already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  accountLockedForNewDevices:
    'Too many wrong passwords were tried for this account lately. Please log in from a device you have used before, choose a new password with "Forgot password?", or wait up to 15 minutes and try again.',
  notFound: 'Not found.',
  carNotFound: 'Car not found.',
  bookingNotFound: 'Booking not found.',
  carUnavailable: 'This car is not available for booking.',
  datesTaken: 'This car is already booked for some of these days. Please choose other dates.',
  extraSoldOut: 'One of the extras you chose is already taken for some of these days. Please choose fewer, or other dates.',
  pricesSaved: 'Prices and extras saved. Bookings already made keep the price they were given.',
  reactivateExtraSoldOut: 'This booking cannot be opened again: one of its extras (such as a child seat) is now taken by another booking on some of its days.',
  priceChanged: 'The price of this car changed a moment ago. Please look at the new price and book again.',
  cardPaymentsOff: 'Card payments are not available at the moment. Please choose to pay upfront or by cash deposit.',
  reactivateConflict: 'This booking cannot be re-activated: its days are now booked by someone else.',
  carRemovedCannotReactivate: 'This booking cannot be re-activated: its car has been removed from the fleet.',
  bankDetailsMissing: 'Cash deposit is not available yet: the company has not set its bank details.',
  carHasUpcomingBookings: 'This car has upcoming bookings. Cancel them before deleting the car.',
  imageRequired: 'Please choose an image of the car.',
  imageInvalid: 'The file is not an image we can read. Please upload a JPEG, PNG or WebP picture.',
  imageTooLarge: 'The image is too large. The limit is 10 MB.',
  imageTooManyPixels: 'The image has too many pixels. Please upload a smaller picture.',
  serverError: 'Something went wrong on our side. Please try again.',
  requestNotValid: 'Some of the details sent are not valid. Please check them and try again.',
  setupLinkInvalid: 'This setup address is not valid, or it has been used already. Restart the server to get a new one.',
  ownerExists: 'The site already has an owner account. Please log in instead.',
  requestHeadersTooLarge: 'The request headers are too large.',
  requestMalformed: 'The request is not valid HTTP.',
  requestTimedOut: 'The request took too long to arrive.',

  tooManyPendingBookings:
    'You already have 3 bookings waiting for the company to confirm them. Please wait for a confirmation, or cancel one, before booking again.',
  tooManyPendingFromAddress:
    'Bookings made from your internet connection already hold too many cars or days waiting for the company to confirm them. Please wait for a confirmation, or call us to book.',
  alreadyCancelled: 'This booking is already cancelled.',
  pickupDayReached: 'This booking can no longer be cancelled online: its pickup day has come. Please call us.',
  wrongCurrentPassword: 'Your current password is not right. Please try again.',
  // A re-opened booking that meets a service block
  reactivateOverBlock: 'This booking cannot be re-activated: the car is blocked for service on some of its days.',

  // Successful writes
  registered: 'Account created',
  loggedIn: 'Logged in',
  bookingCreated: 'Booking created',
  /** The answer to a booking whose hold is short because its pickup is far ahead. */
  bookingCreatedFarAhead: `Booking created. Its pickup is more than ${FAR_AHEAD_DAYS} days ahead, so we hold the car for ${FAR_AHEAD_HOLD_MINUTES / 60} hours: if we have not confirmed the booking by then, it is cancelled. Your booking page shows the exact time.`,
  carAdded: 'Car added',
  carUpdated: 'Car updated',
  carAvailabilityToggled: 'Car availability updated',
  carDeleted: 'Car deleted',
  statusUpdated: 'Booking status updated',
  bankDetailsSaved: 'Bank details saved',
  imageUpdated: 'Profile image updated',
  companySaved: 'Company details saved',
  bookingCancelled: 'Booking cancelled',
  profileSaved: 'Your details are saved',
  passwordChanged: 'Password changed',
  ownerCreated: 'Owner account created',

  // Password reset and the outbox
  resetLinkSent: 'If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for one hour.',
  resetLinkInvalid: 'This password reset link is not valid, has been used already or has expired. Please ask for a new one.',
  passwordReset: 'Your new password is saved. Please log in with it.',
  messageNotFound: 'Message not found.',
  messageNotFailed: 'Only a message that could not be sent can be sent again.',
  messageQueuedAgain: 'The message will be sent again in a moment.',

  // A car's pictures
  carPictureAdded: 'Picture added',
  carPictureRemoved: 'Picture removed',
  carPicturesReordered: 'Order of the pictures saved',
  carPictureNotFound: 'Picture not found.',
  tooManyCarPictures: 'This car already has 8 pictures. Remove one before adding another.',
  lastCarPicture: 'A car needs at least one picture. Add another before removing this one.',
  carPicturesChanged: 'The pictures of this car have changed meanwhile. Please reload the page and try again.',

  // Payments received, the owner's pages of bookings
  paymentStatusUpdated: 'Payment status updated',
  bookingsPageInvalid: 'This page of bookings cannot be found any more. Please start again from the first page.',
  bookingDatesReversed: 'The first day must be on or before the last day.',
} as const;

// Service blocks. Apart from MESSAGES, which every public page loads: only
// staff and the server read these.
export const BLOCK_MESSAGES = {
  blockAdded: 'The car is blocked for these days',
  blockRemoved: 'Block removed',
  blockNotFound: 'This block was not found. It may have been removed already.',
  blockDaysTaken: 'The car is already booked or blocked for some of these days. Please choose other days.',
  blockStartsInPast: 'A block cannot start in the past.',
  blockLastDayBeforeFirst: 'The last day cannot be before the first day.',
  blockTooFarAhead: 'A block can start at most 365 days ahead.',
  blockTooLong: 'A block can last at most 365 days.',
} as const;
