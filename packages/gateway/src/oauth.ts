/**
 * OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849), from the request's raw parameter
 * list: repeated names are all kept, names and values are percent-encoded before they are
 * sorted, and no parameter name is looked up in an object, so `a=&a=1`, `a%20b=1` or
 * `constructor=1` sign as the service verifies them (docs/interface.md#authentication).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986 percent-encoding as RFC 5849 3.6 defines it: only unreserved characters stay. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

/** RFC 5849 3.4.1.2: scheme and host in lower case, the default port left out, the path. */
export function baseStringUri(url: URL): string {
  const port =
    url.port &&
    !(
      (url.protocol === 'http:' && url.port === '80') ||
      (url.protocol === 'https:' && url.port === '443')
    )
      ? `:${url.port}`
      : '';
  return `${url.protocol}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
}

/**
 * RFC 5849 3.4.1: the signature base string of `method` on `url` (its query is ignored:
 * `params` is the whole parameter list, query and protocol parameters, decoded, in any
 * order). `oauth_signature` and `realm` are left out as 3.4.1.3.1 says.
 */
export function signatureBaseString(
  method: string,
  url: URL,
  params: Iterable<readonly [string, string]>,
): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of params) {
    if (k === 'oauth_signature' || k === 'realm') continue;
    pairs.push([percentEncode(k), percentEncode(v)]);
  }
  // 3.4.1.3.2: sorted by encoded name, then by encoded value (byte order: all ASCII here)
  pairs.sort((a, b) =>
    a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalized)].join(
    '&',
  );
}

/** RFC 5849 3.4.2: HMAC-SHA1 of the base string, keyed with both secrets. */
export function hmacSha1(base: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(base)
    .digest('base64');
}

export interface SignInput {
  method: string;
  /** The URL as sent: scheme, host, port and path; its query is signed from `query`. */
  url: URL;
  /** The query parameters as sent, decoded, in their order. */
  query: readonly (readonly [string, string])[];
  consumer: { key: string; secret: string };
  token?: { key: string; secret: string };
  /** For tests: fixed nonce and timestamp. */
  nonce?: string;
  timestamp?: number;
}

/** The `Authorization: OAuth …` header value of a signed request (RFC 5849 3.5.1). */
export function authorizationHeader(input: SignInput): string {
  const protocol: [string, string][] = [
    ['oauth_consumer_key', input.consumer.key],
    ['oauth_nonce', input.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(input.timestamp ?? Math.floor(Date.now() / 1000))],
    ...(input.token ? [['oauth_token', input.token.key] as [string, string]] : []),
    ['oauth_version', '1.0'],
  ];
  const signature = hmacSha1(
    signatureBaseString(input.method, input.url, [...input.query, ...protocol]),
    input.consumer.secret,
    input.token?.secret,
  );
  protocol.push(['oauth_signature', signature]);
  return 'OAuth ' + protocol.map(([k, v]) => `${k}="${percentEncode(v)}"`).join(', ');
}
