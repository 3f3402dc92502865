/** The company's own facts, in one place so another company can change them. */
export const COMPANY = {
  name: 'Waterford Car Rental',
  shortName: 'Waterford Rentals',
  phone: '+1 (876) 555-0142',
  phoneHref: 'tel:+18765550142',
  email: 'bookings@waterfordcarrental.com',
  address: 'Waterford, Portmore, St. Catherine, Jamaica',
  /** Chat link opened by the car-sourcing banner and the contact strip. */
  chatUrl: 'https://wa.me/18765550142',
  /** Embedded on the about page; the CSP allows this origin in frame-src. */
  mapEmbedUrl: 'https://www.google.com/maps?q=Waterford%2C%20Portmore%2C%20Jamaica&output=embed',
  mapOrigin: 'https://www.google.com',
  chatOrigin: 'https://wa.me',
  googleRating: 4.9,
} as const;
