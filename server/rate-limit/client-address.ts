import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  if (!isIPv6(text)) return undefined;
  // An IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest === undefined ? [] : rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((group) => parseInt(group, 16));
}

/**
 * The client address as the rate limits count it. An IPv4 address counts on its own (an
 * IPv4-mapped IPv6 address as the IPv4 address it maps). An IPv6 address counts as its /64
 * network: one subscriber is usually given a whole /64, and counting each of its addresses
 * apart would let one machine pass for billions of clients.
 */
export function rateLimitAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
