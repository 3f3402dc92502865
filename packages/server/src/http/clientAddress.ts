/**
 * Whose address a request comes from, as the limits count it: an IPv6 client usually holds a whole
 * /64, so the /64 is counted (or each could try from its own address); an address of this machine
 * or of a private network is a proxy's, not a customer's (a proxy in front without TRUST_PROXY
 * makes every customer arrive from it), so limits per address skip it and count per account only.
 * Used by the failed-login limits (features/auth/loginLimits.ts), the holds per address
 * (features/bookings/holdAddress.ts) and the uploads an hour (uploadGate.ts).
 */
import { BlockList, isIP, isIPv6 } from 'node:net';

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

/** The customer's own address (an IPv4 one written the IPv6 way is the IPv4 one), or none for a proxy's or a malformed one. */
export function customerAddress(ip: string): string | undefined {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return undefined;
  return notCustomers.check(address, family === 4 ? 'ipv4' : 'ipv6') ? undefined : address;
}

/** IPv6 clients usually hold a whole /64: count the /64, or each could try from its own address. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = (address.toLowerCase().split('%')[0] ?? '').split('::');
  const front = head ? head.split(':') : [];
  const back = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = address.includes('::') ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
