import { describe, expect, it } from 'vitest';
import { cidrBlockList, embeddedV4, ipv6Words, isAllowedAddress } from './addresses.js';

const none = cidrBlockList([]);

describe('ipv6Words: one address, any spelling', () => {
  it.each([
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['0:0:0:0:0:FFFF:7F00:0001', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::ffff:0:10.0.0.1', [0, 0, 0, 0, 0xffff, 0, 0x0a00, 1]],
    ['64:ff9b:1::a9fe:a9fe', [0x64, 0xff9b, 1, 0, 0, 0, 0xa9fe, 0xa9fe]],
    ['2606:4700::', [0x2606, 0x4700, 0, 0, 0, 0, 0, 0]],
  ])('%s', (address, words) => expect(ipv6Words(address)).toEqual(words));

  it('is null for what is not an IPv6 address, or carries a zone', () => {
    for (const address of ['127.0.0.1', 'example.com', '1::2::3', 'fe80::1%eth0'])
      expect(ipv6Words(address), address).toBeNull();
  });
});

describe('embeddedV4: the IPv4 address a mapped or NAT64 address is reached as', () => {
  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', '169.254.169.254'],
    ['::0:ffff:10.1.2.3', '10.1.2.3'],
    ['64:ff9b::192.168.1.1', '192.168.1.1'],
    ['64:ff9b:0:0:0:0:c0a8:101', '192.168.1.1'],
    ['2606:4700::6810:84e5', null],
    ['::ffff:0:7f00:1', null],
  ])('%s → %s', (address, v4) => expect(embeddedV4(address)).toBe(v4));
});

describe('isAllowedAddress: no IPv6 spelling reaches a private IPv4 address', () => {
  it.each([
    // IPv4-mapped, in every spelling
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:FFFF:0A00:0001',
    '::ffff:169.254.169.254',
    // IPv4-translated (RFC 2765), the whole range
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '0:0:0:0:ffff:0:a00:1',
    '::ffff:0:8.8.8.8',
    // local-use NAT64 (RFC 8215), the whole range
    '64:ff9b:1::7f00:1',
    '64:ff9b:1::8.8.8.8',
    '64:ff9b:1:ffff::1',
    // well-known NAT64 of a private address
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    // IPv4-compatible, 6to4, Teredo (they carry 169.254.169.254 here)
    '::a9fe:a9fe',
    '::127.0.0.1',
    '2002:a9fe:a9fe::1',
    '2001:0:a9fe:a9fe::1',
    // this machine, private, link-local (with a zone too), multicast, documentation
    '::1',
    '0:0:0:0:0:0:0:1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
  ])('refuses %s', (address) => expect(isAllowedAddress(address, none)).toBe(false));

  it.each(['2606:4700::6810:84e5', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2a00:1450:4001:80b::200e', '8.8.8.8'])(
    'allows %s',
    (address) => expect(isAllowedAddress(address, none)).toBe(true),
  );

  it('lets the allow-list name a private receiver, in its IPv6 spellings too', () => {
    const allow = cidrBlockList(['10.1.0.0/16']);
    expect(isAllowedAddress('10.1.2.3', allow)).toBe(true);
    expect(isAllowedAddress('::ffff:10.1.2.3', allow)).toBe(true);
    expect(isAllowedAddress('::ffff:10.2.2.3', allow)).toBe(false);
  });
});
