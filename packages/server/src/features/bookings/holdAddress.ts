/**
 * The address whose pending holds are counted (MAX_PENDING_BOOKINGS_PER_ADDRESS and the days they
 * hold, MAX_PENDING_DAYS_PER_ADDRESS), or none. An address
 * of this machine or of a private network is a proxy's, not a customer's (a proxy in front without
 * TRUST_PROXY makes every customer arrive from it): counting it would lock every customer out
 * together, so such requests are limited per account only.
 */
import { BlockList, isIP } from 'node:net';

const notCustomers = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  notCustomers.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  notCustomers.addSubnet(network, prefix, 'ipv6');
}

export function holdAddress(ip: string): string | undefined {
  // An IPv4 address written the IPv6 way (::ffff:203.0.113.7) is the IPv4 one.
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return undefined;
  return notCustomers.check(address, family === 4 ? 'ipv4' : 'ipv6') ? undefined : address;
}
