import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** A BlockList of addresses and CIDR ranges (config.ts has checked their form). */
export function cidrBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * Where a webhook must never go: this machine, private and shared (CGNAT) networks, link-local
 * (the cloud metadata service, 169.254.169.254 and fd00:ec2::254, among them), multicast and
 * reserved ranges; an IPv4 address inside IPv6 (mapped, NAT64) is judged as that IPv4 address.
 */
const FORBIDDEN_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
// ::/96 (IPv4-compatible), ::ffff:0:0/96 (IPv4-translated, RFC 2765: ::ffff:0:a.b.c.d), 64:ff9b:1::/48
// (local-use NAT64, RFC 8215: what it translates to is the local network's choice), 2002::/16 (6to4)
// and 2001::/32 (Teredo) carry an IPv4 address too, or reach one we cannot judge: all refused.
const FORBIDDEN_V6 = [
  '::/96',
  '::1/128',
  '::ffff:0:0:0/96',
  '64:ff9b:1::/48',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
  '2001:db8::/32',
  '100::/64',
  '2002::/16',
  '2001::/32',
];
const forbidden = cidrBlockList([...FORBIDDEN_V4, ...FORBIDDEN_V6]);

/**
 * An IPv6 address's eight 16-bit words, whatever its spelling (`::` anywhere, leading zeros, upper
 * case, a dotted IPv4 tail); null when it is not one (a zone index, `%eth0`, is not accepted).
 */
export function ipv6Words(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const words =
    tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

/**
 * The IPv4 address an IPv6 address carries where it is reached as that address: IPv4-mapped
 * (::ffff:a.b.c.d) and the well-known NAT64 prefix (64:ff9b::a.b.c.d, RFC 6052), in any spelling.
 */
export function embeddedV4(address: string): string | null {
  const w = ipv6Words(address);
  if (!w) return null;
  const zeros = (n: number) => w.slice(0, n).every((x) => x === 0);
  const mapped = zeros(5) && w[5] === 0xffff;
  const nat64 = w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0);
  if (!mapped && !nat64) return null;
  return [w[6]! >> 8, w[6]! & 255, w[7]! >> 8, w[7]! & 255].join('.');
}

/** Whether a webhook may connect to `address`: a public address, or one the allow-list names. */
export function isAllowedAddress(address: string, allow: BlockList): boolean {
  const family = isIP(address);
  if (!family) return false;
  if (family === 6 && address.includes('%')) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (allow.check(address, type)) return true;
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return isAllowedAddress(v4, allow);
  }
  return !forbidden.check(address, type);
}

export type HostCheck =
  { ok: true; addresses: string[] } | { ok: false; reason: 'unresolved' | 'forbidden'; address?: string };

/** Resolves `hostname` (as a URL holds it: IPv6 in brackets) and checks every address it resolves to. */
export async function checkHost(hostname: string, allow: BlockList, resolve = lookup): Promise<HostCheck> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return { ok: false, reason: 'unresolved' };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolved' };
  const bad = addresses.find((a) => !isAllowedAddress(a, allow));
  return bad ? { ok: false, reason: 'forbidden', address: bad } : { ok: true, addresses };
}
