import 'server-only';
import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Where the app may connect to as an HTTP MCP client. Trust boundary: a server's URL is chosen
 * by an editor (or an `agents:write` token, or a config file), who must not turn the app into a
 * proxy to what only the host can reach. So every address a server's host resolves to must be
 * outside loopback, private, link-local, unique-local, CGNAT, multicast, unspecified, broadcast
 * and reserved ranges and the cloud metadata endpoints, unless the operator lists it in
 * `MCP_ALLOWED_HOSTS` (names, addresses, CIDRs; a metadata endpoint only by its exact name or
 * address). The host is normalised first (decimal, hex, octal and short IPv4 spellings, by the
 * WHATWG URL parser; IPv4-mapped, -compatible and NAT64 IPv6; trailing dots; case). The check
 * runs at save, at every connection and at every redirect (each hop is a new request through
 * `egressFetch`, which connects to the addresses checked here, never looking the name up again).
 * The app itself is never a target, allowed or not: its own names (PUBLIC_URL's host,
 * ALLOWED_HOSTS) and this host's addresses on its own port (PORT), so no answer of its own (a
 * refusal, a problem detail) can be turned into a server's status.
 */

/** Why a connection was refused by the egress policy. */
export class EgressBlockedError extends Error {
  readonly code = 'EGRESS_BLOCKED';
  constructor(message: string) {
    super(message);
    this.name = 'EgressBlockedError';
  }
}

/** Resolves a name to all its addresses (as `dns.promises.lookup(name, { all: true })`). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The policy: the addresses a host may be connected to, or an `EgressBlockedError`. */
export interface EgressPolicy {
  /** Every address of `hostname` (a URL's `hostname`), each checked; throws `EgressBlockedError` when any is refused. */
  resolve(hostname: string): Promise<LookupAddress[]>;
  /** As `resolve` for the URL's host, and refuses the app itself (its own names, or its own port on this host). */
  check(url: URL): Promise<LookupAddress[]>;
}

/** How the app itself is reached: never an MCP server of its own. */
export interface OwnAddress {
  /** The port the app listens on (PORT, default 3000). */
  port: number;
  /** Its public names (PUBLIC_URL's host, ALLOWED_HOSTS), lower case. */
  names: ReadonlySet<string>;
}

/** What `egressPolicy` reads: the operator's list, how names resolve (tests give their own), and the app's own address. */
export interface EgressPolicyOptions {
  /** `MCP_ALLOWED_HOSTS`: comma-separated names, addresses and CIDRs. */
  allowed?: string;
  resolver?: Resolver;
  own?: OwnAddress;
}

/** The app's own address from its environment (PORT, PUBLIC_URL, ALLOWED_HOSTS). */
export function ownAddressOf(env: Readonly<Record<string, string | undefined>>): OwnAddress {
  const names = new Set<string>();
  try {
    if (env.PUBLIC_URL) names.add(normalizeHost(new URL(env.PUBLIC_URL).hostname));
  } catch {
    // A PUBLIC_URL that does not parse names no host; the app refuses to start with it anyway.
  }
  for (const name of (env.ALLOWED_HOSTS ?? '').split(/[\s,]+/)) {
    if (name !== '') names.add(normalizeHost(name.replace(/:\d+$/, '')));
  }
  return { port: Number(env.PORT || 3000), names };
}

/** Whether an address is one of this host's own (loopback, unspecified, or an interface's). */
function isThisHost(address: string): boolean {
  const normal = normalizeHost(address);
  if (/^127\./.test(normal) || normal === '::1' || normal === '0.0.0.0' || normal === '::') return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((entry) => normalizeHost(entry.address) === normal));
}

const ALLOW_HINT = 'an operator may allow it in MCP_ALLOWED_HOSTS';

/** Cloud metadata services: refused unless the operator lists this exact name or address. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal', 'metadata.tencentyun.com', 'metadata.platformequinix.com']);
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '169.254.169.123', 'fd00:ec2::254', 'fd00:ec2::23', '100.100.100.200', '168.63.129.16']);

/** Ranges no MCP server of the public internet lives in, with what they are. */
const FORBIDDEN_RANGES: readonly (readonly [string, number, 'ipv4' | 'ipv6', string])[] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved (IETF protocol) address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a reserved (benchmarking) address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved or broadcast address'],
  ['::', 128, 'ipv6', 'the unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['fc00::', 7, 'ipv6', 'a unique-local address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fec0::', 10, 'ipv6', 'a site-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const forbidden = FORBIDDEN_RANGES.map(([network, prefix, type, what]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, what };
});

/**
 * A URL's `hostname` as the policy compares it: without IPv6 brackets and trailing dots, lower
 * case, and an IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, compatible
 * `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) as that IPv4 address. The URL parser has already made
 * `2130706433`, `0x7f000001`, `0177.0.0.1` and `127.1` into `127.0.0.1`.
 */
export function normalizeHost(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  host = host.replace(/\.+$/, '');
  return isIP(host) === 6 ? embeddedIpv4(host) ?? host : host;
}

/** The IPv4 address an IPv6 one carries in its last 32 bits, when it is of a kind that does. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const head = groups.slice(0, 6);
  const isMapped = head.slice(0, 5).every((group) => group === 0) && head[5] === 0xffff;
  const isCompatible = head.every((group) => group === 0) && (groups[6] !== 0 || groups[7]! > 1);
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && head.slice(2).every((group) => group === 0);
  if (!isMapped && !isCompatible && !isNat64) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail taken as two groups). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left, right] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const head = parse(left);
  const tail = right === undefined ? [] : parse(right);
  const groups = right === undefined ? head : [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** What the operator allows: exact names, and addresses and ranges. */
interface Allowance {
  names: ReadonlySet<string>;
  exactAddresses: ReadonlySet<string>;
  ranges: BlockList;
}

const allowanceCache = new Map<string, Allowance>();

/** Reads `MCP_ALLOWED_HOSTS`; an entry that is not a name, address or CIDR is skipped with a warning. */
export function parseAllowedHosts(value: string | undefined): Allowance {
  const key = value ?? '';
  const cached = allowanceCache.get(key);
  if (cached) return cached;
  const names = new Set<string>();
  const exactAddresses = new Set<string>();
  const ranges = new BlockList();
  for (const raw of key.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [network = '', prefixText] = entry.split('/');
    const address = normalizeHost(network);
    const family = isIP(address);
    if (prefixText !== undefined) {
      const prefix = Number(prefixText);
      const max = family === 4 ? 32 : 128;
      if (family === 0 || !/^\d+$/.test(prefixText) || prefix > max) {
        console.warn(`MCP_ALLOWED_HOSTS: "${entry}" is not a CIDR range; it is ignored`);
        continue;
      }
      ranges.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (family !== 0) {
      exactAddresses.add(address);
      ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    } else if (/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(address)) {
      names.add(address);
    } else {
      console.warn(`MCP_ALLOWED_HOSTS: "${entry}" is not a host name, address or CIDR range; it is ignored`);
    }
  }
  const allowance = { names, exactAddresses, ranges };
  allowanceCache.set(key, allowance);
  return allowance;
}

/** Why the policy refuses an address (already normalised), or undefined when it may be connected to. */
export function addressProblem(address: string, allowance: Allowance): string | undefined {
  const normal = normalizeHost(address);
  const family = isIP(normal);
  if (family === 0) return `${address} is not an IP address`;
  if (METADATA_ADDRESSES.has(normal)) {
    return allowance.exactAddresses.has(normal) ? undefined : `${normal} is a cloud metadata address; ${ALLOW_HINT} (by this exact address)`;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowance.ranges.check(normal, type)) return undefined;
  const range = forbidden.find(({ list }) => list.check(normal, type));
  return range ? `${normal} is ${range.what}; ${ALLOW_HINT}` : undefined;
}

/** The policy with the operator's list (`MCP_ALLOWED_HOSTS` of `process.env` when none given) and the system resolver. */
export function egressPolicy({ allowed = process.env.MCP_ALLOWED_HOSTS, resolver = systemResolver, own = ownAddressOf(process.env) }: EgressPolicyOptions = {}): EgressPolicy {
  const allowance = parseAllowedHosts(allowed);
  const policy: EgressPolicy = {
    async check(url) {
      const host = normalizeHost(url.hostname);
      if (own.names.has(host)) throw new EgressBlockedError(`Blocked by the egress policy: ${host} is this app's own name, and the app is never its own MCP server`);
      const addresses = await policy.resolve(url.hostname);
      const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
      if (port === own.port && addresses.some(({ address }) => isThisHost(address))) {
        throw new EgressBlockedError(`Blocked by the egress policy: port ${port} of this host is this app, and the app is never its own MCP server`);
      }
      return addresses;
    },
    async resolve(hostname) {
      const host = normalizeHost(hostname);
      if (host === '') throw new EgressBlockedError('The URL names no host');
      const family = isIP(host);
      if (family !== 0) {
        const problem = addressProblem(host, allowance);
        if (problem) throw new EgressBlockedError(`Blocked by the egress policy: ${problem}`);
        return [{ address: host, family }];
      }
      if (METADATA_NAMES.has(host) && !allowance.names.has(host)) {
        throw new EgressBlockedError(`Blocked by the egress policy: ${host} is a cloud metadata name; ${ALLOW_HINT} (by this exact name)`);
      }
      const addresses = await resolver(host);
      if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
      if (allowance.names.has(host)) return addresses;
      for (const { address } of addresses) {
        const problem = addressProblem(address, allowance);
        if (problem) throw new EgressBlockedError(`Blocked by the egress policy: ${host} resolves to ${problem.replace(/^(\S+) is /, '$1, which is ')}`);
      }
      return addresses.map(({ address, family: addressFamily }) => {
        const normal = normalizeHost(address);
        return { address: normal, family: isIP(normal) === 4 ? 4 : addressFamily };
      });
    },
  };
  return policy;
}

async function systemResolver(hostname: string): Promise<LookupAddress[]> {
  return dns.lookup(hostname, { all: true, verbatim: true });
}

/**
 * Why a server URL is refused at save, or undefined: a host the policy refuses. A host that does
 * not resolve now, or one made of a `${…}` reference, is left to the check at every connection.
 */
export async function urlEgressProblem(url: string, policy: EgressPolicy = egressPolicy()): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.hostname.includes('$')) return undefined;
  try {
    await policy.check(parsed);
    return undefined;
  } catch (error) {
    return error instanceof EgressBlockedError ? error.message : undefined;
  }
}
