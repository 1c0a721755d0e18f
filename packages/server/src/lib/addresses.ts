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
// ::/96 (IPv4-compatible), 2002::/16 (6to4) and 2001::/32 (Teredo) carry an IPv4 address too.
const FORBIDDEN_V6 = ['::/96', '::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8', '2001:db8::/32', '100::/64', '2002::/16', '2001::/32'];
const forbidden = cidrBlockList([...FORBIDDEN_V4, ...FORBIDDEN_V6]);

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, ::a.b.c.d), if any. */
function embeddedV4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const a = parseInt(hex[1]!, 16);
  const b = parseInt(hex[2]!, 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** Whether a webhook may connect to `address`: a public address, or one the allow-list names. */
export function isAllowedAddress(address: string, allow: BlockList): boolean {
  const family = isIP(address);
  if (!family) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (allow.check(address, type)) return true;
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4) return isAllowedAddress(v4, allow);
  }
  return !forbidden.check(address, type);
}

export type HostCheck = { ok: true; addresses: string[] } | { ok: false; reason: 'unresolved' | 'forbidden'; address?: string };

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
