import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from './publicAddress';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushServiceHost } from './pushServiceHosts';

/** The addresses a host name resolves to (every one of them). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

export interface PushEndpointOptions {
  /**
   * Host suffixes of the push services endpoints may point at (`PUSH_SERVICE_HOSTS`); an entry takes
   * the name and every name under it. Default: those of the browsers' push services.
   */
  serviceHosts?: readonly string[];
  /**
   * Exact `host[:port]` entries (as `URL.host` gives them: no port for 443) taken as they are: neither
   * the suffixes above nor the address check apply to them, so they may be loopback or an IP address.
   * Meant for tests with a push service of their own; every entry is a deliberate opening.
   */
  allowedHosts?: readonly string[];
  /** Resolves host names, at subscribing and before every message. Default: `dns.lookup`, every address. */
  resolve?: ResolveHost;
}

/** Why an endpoint is refused. */
export type EndpointRefusal =
  | 'not-an-https-url'
  | 'ip-address'
  | 'localhost'
  | 'not-a-push-service'
  | 'non-public-address'
  | 'unresolvable';

export type EndpointVerdict = { accepted: true } | { accepted: false; reason: EndpointRefusal };

/** Whether a refusal holds however long one waits: all but a name that did not resolve just now. */
export function isLastingRefusal(reason: EndpointRefusal): boolean {
  return reason !== 'unresolvable';
}

const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** An `allowedHosts` entry as a URL, so that it compares with endpoints as `URL` spells them. */
function allowedHostUrl(entry: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(`https://${entry}`);
  } catch {
    url = undefined;
  }
  if (!url || url.href !== `https://${url.host}/` || entry.includes('/')) {
    throw new Error(`allowed push host "${entry}" is no host[:port]`);
  }
  return url;
}

const ACCEPTED: EndpointVerdict = { accepted: true };
const refused = (reason: EndpointRefusal): EndpointVerdict => ({ accepted: false, reason });

/**
 * Where the backend may send a push: an `https:` URL on a DNS name under one of the push services'
 * suffixes, whose every address is public. So that a subscription cannot aim the backend at itself,
 * its network or a cloud metadata service: IP addresses in any spelling (URL parsing turns
 * `0x7f000001` and `2130706433` into `127.0.0.1`), `localhost` and names under it are refused
 * outright; names are resolved each time, since their addresses can change after subscribing.
 */
export class PushEndpointPolicy {
  private readonly serviceHosts: readonly string[];
  private readonly allowedHosts: ReadonlySet<string>;
  private readonly allowedNames: ReadonlySet<string>;
  private readonly resolve: ResolveHost;

  constructor(options: PushEndpointOptions = {}) {
    this.serviceHosts = options.serviceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS;
    const allowed = (options.allowedHosts ?? []).map(allowedHostUrl);
    this.allowedHosts = new Set(allowed.map((url) => url.host));
    this.allowedNames = new Set(allowed.map((url) => url.hostname));
    this.resolve = options.resolve ?? resolveWithDns;
  }

  async check(endpoint: string): Promise<EndpointVerdict> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return refused('not-an-https-url');
    }
    if (url.protocol !== 'https:' || url.hostname === '') {
      return refused('not-an-https-url');
    }
    if (this.allowedHosts.has(url.host)) {
      return ACCEPTED;
    }
    const hostname = url.hostname;
    if (hostname.startsWith('[') || isIP(hostname) !== 0) {
      return refused('ip-address');
    }
    const name = hostname.replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return refused('localhost');
    }
    if (!isPushServiceHost(name, this.serviceHosts)) {
      return refused('not-a-push-service');
    }
    return this.addressVerdict(hostname);
  }

  /**
   * A `lookup` for the sockets that carry the messages: the same resolution and check once more at
   * connecting, on the very addresses connected to, so that a name cannot turn inward between the
   * check before a message and its connection. Names of `allowedHosts` resolve unchecked.
   */
  readonly connectionLookup: LookupFunction = (hostname, options, callback) => {
    this.connectionAddresses(hostname).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        const wanted = options.family === 4 || options.family === 6 ? entries.filter((entry) => entry.family === options.family) : entries;
        const [first] = wanted;
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no address of the family asked for`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };

  private async connectionAddresses(hostname: string): Promise<readonly string[]> {
    const addresses = await this.resolve(hostname);
    if (!this.allowedNames.has(hostname) && !addresses.every(isPublicAddress)) {
      throw Object.assign(new Error(`web push: ${hostname} resolves to an address that is not public`), { code: 'ENONPUBLIC' });
    }
    return addresses;
  }

  private async addressVerdict(hostname: string): Promise<EndpointVerdict> {
    let addresses: readonly string[];
    try {
      addresses = await this.resolve(hostname);
    } catch {
      return refused('unresolvable');
    }
    if (addresses.length === 0) {
      return refused('unresolvable');
    }
    return addresses.every(isPublicAddress) ? ACCEPTED : refused('non-public-address');
  }
}
