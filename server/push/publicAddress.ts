import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are not on the public internet (IANA special-purpose registry, RFC 6890 and
 * successors): nothing of the backend's own network, and nothing that is no unicast host.
 */
const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // direct delegation AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * Where public IPv6 unicast lives: global unicast, plus the prefixes that carry an IPv4 address
 * (IPv4-mapped, and NAT64's well-known prefix that DNS64 answers with on IPv6-only networks).
 */
const PUBLIC_IPV6_CANDIDATES: readonly (readonly [string, number])[] = [
  ['2000::', 3],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
];

/** Special-purpose ranges inside those candidates. */
const NON_PUBLIC_IPV6: readonly (readonly [string, number])[] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address of any kind inside
  ['3fff::', 20], // documentation
  // The IPv4 ranges above, seen through the prefixes that embed an IPv4 address.
  ...NON_PUBLIC_IPV4.flatMap(([address, prefix]) => [
    [`::ffff:${address}`, 96 + prefix] as const,
    [`64:ff9b::${address}`, 96 + prefix] as const,
  ]),
];

function blockList(ranges: readonly (readonly [string, number])[], family: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, family);
  return list;
}

const nonPublicIpv4 = blockList(NON_PUBLIC_IPV4, 'ipv4');
const publicIpv6Candidates = blockList(PUBLIC_IPV6_CANDIDATES, 'ipv6');
const nonPublicIpv6 = blockList(NON_PUBLIC_IPV6, 'ipv6');

/**
 * Whether `address` (an IP address as DNS answers it) is a unicast address on the public internet:
 * not loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, documentation,
 * or any other special-purpose range. Anything that is no IP address at all counts as not public.
 */
export function isPublicAddress(address: string): boolean {
  try {
    switch (isIP(address)) {
      case 4:
        return !nonPublicIpv4.check(address, 'ipv4');
      case 6:
        return publicIpv6Candidates.check(address, 'ipv6') && !nonPublicIpv6.check(address, 'ipv6');
      default:
        return false;
    }
  } catch {
    return false;
  }
}
