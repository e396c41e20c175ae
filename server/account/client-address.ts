// The key every per-address limit counts a client by. An IPv4 address is one client (an IPv4-mapped
// IPv6 address, ::ffff:a.b.c.d, is that IPv4 address). An IPv6 client is counted by its network: an
// ISP hands each subscriber a /64 (or a /56, /48), and a client rotating through the 2^64 addresses of
// its own network must count as one, or any per-address limit is void. IPV6_PREFIX_LENGTH sets how
// many leading bits name a client (64 unless set).
import ipaddr from 'ipaddr.js';

export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/** '10.0.0.1' for 10.0.0.1 and ::ffff:10.0.0.1; '2001:db8:1:2::/64' for 2001:db8:1:2:a:b:c:d; anything unparsable as given. */
export function addressKey(ip: string, ipv6PrefixLength = DEFAULT_IPV6_PREFIX_LENGTH): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = Math.min(128, Math.max(0, Math.trunc(ipv6PrefixLength)));
  const bytes = address.toByteArray();
  for (let bit = prefix; bit < 128; bit += 1) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}
