/**
 * Keeps the importer on the public internet: a feed must not be able to make it fetch the
 * machine it runs on, the local network or a cloud metadata service (SSRF). Checked on the
 * addresses DNS returns, at connection time (so a name cannot resolve one way for the check
 * and another for the connection), for every request including each redirect.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['100::', 64, 'ipv6', 'a discard-only address'],
  ['2001::', 32, 'ipv6', 'a tunnelling (Teredo) address'],
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fec0::', 10, 'ipv6', 'a site-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([network, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, kind };
});

/** The eight 16-bit groups of an IPv6 address (any notation, a dotted IPv4 tail included). */
function ipv6Groups(ip: string): number[] | undefined {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const groups = halves.length === 2 ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail] : head;
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : undefined;
}

/**
 * The IPv4 address an IPv6 address leads to, whatever the notation: IPv4-mapped (::ffff:a.b.c.d,
 * which the URL parser writes as ::ffff:7f00:1), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (g === undefined) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeros(0, 6) && (g[6]! > 0 || g[7]! > 1)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return undefined;
}

/** What kind of non-public address this is, or undefined for a public one. */
export function nonPublicKind(address: string): string | undefined {
  // Brackets from a URL's host, and a zone (fe80::1%eth0), are not part of the address.
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return undefined;
  if (family === 6) {
    const inner = embeddedIpv4(ip);
    if (inner !== undefined) {
      const kind = nonPublicKind(inner);
      return kind === undefined ? undefined : `${kind} (inside the IPv6 address ${ip})`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find((entry) => entry.family === type && entry.list.check(ip, type))?.kind;
}

export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly kind: string,
  ) {
    super(
      `${host}${host === address ? '' : ` (${address})`} is ${kind}; the importer only fetches public addresses (--allow-private-hosts allows others)`,
    );
    this.name = 'BlockedAddressError';
  }
}

/** Refuses a URL whose host is itself a non-public IP address (no DNS involved). */
export function checkLiteralHost(hostname: string): void {
  const kind = nonPublicKind(hostname);
  if (kind) throw new BlockedAddressError(hostname, hostname.replace(/^\[|\]$/g, ''), kind);
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for socket connections that fails when any address of the name is not public. */
export function guardedLookup(hostname: string, options: { all?: boolean } & object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind) return callback(new BlockedAddressError(hostname, address, kind), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new Error(`${hostname} has no address`), []);
    return callback(null, first.address, first.family);
  });
}
