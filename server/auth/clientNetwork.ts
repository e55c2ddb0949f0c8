import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4_PREFIX = ['0', '0', '0', '0', '0', 'ffff'];

/** The eight 16-bit groups of an IPv6 address (without zone), in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The network a client address stands for in the sign-in limits: an IPv4 address itself; an IPv6
 * address its /64, since a single subscriber commonly holds a whole /64 and may use any address in
 * it. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is its IPv4 address. Anything else (no IP
 * address at all) stands for itself.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) {
    return address;
  }
  const withoutZone = address.split('%')[0] ?? address;
  if (!isIPv6(withoutZone)) {
    return address;
  }
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 6).every((group, index) => group === MAPPED_IPV4_PREFIX[index])) {
    const [high = 0, low = 0] = groups.slice(6).map((group) => parseInt(group, 16));
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
