/**
 * FilePond's `fetch` on the server: downloads a public `http(s)` URL for the browser, and only a
 * public one, so the endpoint cannot be used to reach hosts inside the network (SSRF). Every
 * address is checked: a literal host, every address its name resolves to, the address the socket
 * then connects to (a custom `lookup`, so a name that changes its answer between check and connect
 * gains nothing), and again for each redirect (at most 3). Only `unicast` addresses in `ipaddr.js`'s
 * terms pass: loopback, private, link-local (the cloud metadata address), carrier-grade NAT,
 * unique-local, multicast, unspecified, reserved and IPv6 ranges that embed an IPv4 address are refused.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** The URL may not be fetched: not http(s), or a host that is not public. */
export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** The remote did not answer with a file: a network failure, a timeout or a non-2xx status. */
export class FetchFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FetchFailedError';
  }
}

/** IPv6's global unicast block: `ipaddr.js` calls `::7f00:1` (`[::127.0.0.1]`) unicast too. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for an address on the public internet: IPv4 in `ipaddr.js`'s range `unicast`; IPv6 in that
 * range and inside 2000::/3, so IPv4-compatible forms such as `[::127.0.0.1]` are refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

export interface FetchRemoteOptions {
  /** Which addresses may be reached; `isPublicAddress` unless a test allows its own loopback server. */
  allowAddress?: (address: string) => boolean;
  /** Longest silence on the socket (default 20 s). */
  timeoutMs?: number;
  /** Longest the whole download may take, body included (default 60 s): a remote that trickles is cut off. */
  totalMs?: number;
  maxRedirects?: number;
}

export interface RemoteFile {
  body: Readable;
  /** The final URL (after redirects). */
  url: URL;
  contentType: string | null;
  contentDisposition: string | null;
  contentLength: number | null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `dns.lookup` that fails unless every address of the name may be reached. */
export function guardedLookup(allow: (address: string) => boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) {
        callback(error, []);
        return;
      }
      const refused = addresses.find((entry) => !allow(entry.address));
      if (refused !== undefined || addresses.length === 0) {
        const denial: NodeJS.ErrnoException = new FetchRefusedError(
          `${hostname} resolves to a non-public address`,
        );
        denial.code = 'EREFUSED_ADDRESS';
        callback(denial, []);
        return;
      }
      if ((options as LookupAllOptions).all === true) callback(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
    });
  };
}

/** Throws `FetchRefusedError` unless `url` is http(s) to a host that may be reached (literal hosts checked here; names at connect). */
export function checkRemoteUrl(
  raw: string | URL,
  allow: (address: string) => boolean = isPublicAddress,
): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError('only http and https');
  if (url.username !== '' || url.password !== '') throw new FetchRefusedError('credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '' || host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) {
    throw new FetchRefusedError('loopback host');
  }
  if (isIP(host) !== 0 && !allow(host)) throw new FetchRefusedError(`${host} is not a public address`);
  // Hosts like `0x7f.1` or `2130706433` are IPv4 to `new URL` already (normalised to dotted form).
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchRemote(raw: string, options: FetchRemoteOptions = {}): Promise<RemoteFile> {
  const allow = options.allowAddress ?? isPublicAddress;
  const maxRedirects = options.maxRedirects ?? 3;
  let url = checkRemoteUrl(raw, allow);
  for (let hop = 0; ; hop += 1) {
    const response = await request(url, allow, options.timeoutMs ?? 20_000);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (location === undefined || hop >= maxRedirects)
        throw new FetchFailedError(`too many redirects or no location (${status})`);
      url = checkRemoteUrl(new URL(location, url), allow);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchFailedError(`the remote answered ${status}`);
    }
    const length = Number(response.headers['content-length']);
    const deadline = setTimeout(
      () => response.destroy(new FetchFailedError('the remote took too long')),
      options.totalMs ?? 60_000,
    );
    response.once('close', () => clearTimeout(deadline));
    return {
      body: response,
      url,
      contentType: response.headers['content-type'] ?? null,
      contentDisposition: response.headers['content-disposition'] ?? null,
      contentLength: Number.isFinite(length) ? length : null,
    };
  }
}

function request(
  url: URL,
  allow: (address: string) => boolean,
  timeoutMs: number,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        agent: false,
        lookup: guardedLookup(allow) as unknown as typeof dnsLookup,
        timeout: timeoutMs,
        headers: { 'user-agent': 'Sapa/1.0 (+file fetch)', accept: '*/*' },
      },
      resolve,
    );
    outgoing.on('timeout', () => outgoing.destroy(new FetchFailedError('the remote did not answer in time')));
    outgoing.on('error', (error) => {
      if (error instanceof FetchRefusedError) reject(error);
      else if (error instanceof FetchFailedError) reject(error);
      else reject(new FetchFailedError(error.message, { cause: error }));
    });
  });
}
