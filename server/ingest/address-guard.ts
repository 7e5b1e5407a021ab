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
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([network, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, kind };
});

/** What kind of non-public address this is, or undefined for a public one. */
export function nonPublicKind(address: string): string | undefined {
  let ip = address.replace(/^\[|\]$/g, '');
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) reaches the IPv4 host it embeds.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const family = isIP(ip);
  if (family === 0) return undefined;
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
