/**
 * The address whose pending holds are counted (MAX_PENDING_BOOKINGS_PER_ADDRESS and the days they
 * hold, MAX_PENDING_DAYS_PER_ADDRESS), or none. An address
 * of this machine or of a private network is a proxy's, not a customer's (a proxy in front without
 * TRUST_PROXY makes every customer arrive from it): counting it would lock every customer out
 * together, so such requests are limited per account only.
 */
import { customerAddress } from '../../http/clientAddress';

export function holdAddress(ip: string): string | undefined {
  return customerAddress(ip);
}
