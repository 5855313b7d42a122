/**
 * OAuth 1.0a (RFC 5849) signature verification for the sandbox's opt-in strict mode.
 *
 * Written independently of the gateway's signer (which uses the oauth-1.0a package), so that
 * the end-to-end tests compare two implementations, and both are checked against the
 * RFC's own example.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface OAuthStrictOptions {
  consumerKey: string;
  consumerSecret: string;
  /** Access tokens of users, token → token secret (three-legged requests). */
  tokens?: Record<string, string>;
  /** Accepted clock skew in seconds (default 300). */
  windowSeconds?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** RFC 3986 percent-encoding as RFC 5849 3.6 defines it. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

const NAME_CHAR = /[A-Za-z0-9_\-.]/;

/**
 * Parses `Authorization: OAuth k="v", …` into its parameters (values decoded), in one pass
 * over the header: every `name="value"` pair is taken, whatever stands between pairs. Each
 * is an own property (even `__proto__`); the verifier reads only `oauth_` names.
 */
export function parseAuthorizationHeader(
  header: string | undefined,
): Record<string, string> | null {
  if (!header || !/^OAuth\s/i.test(header)) return null;
  const params = new Map<string, string>();
  const s = header;
  let i = 6;
  let nameStart = -1;
  while (i < s.length) {
    const c = s[i]!;
    if (NAME_CHAR.test(c)) {
      if (nameStart < 0) nameStart = i;
      i++;
      continue;
    }
    if (c === '=' && nameStart >= 0 && s[i + 1] === '"') {
      const close = s.indexOf('"', i + 2);
      if (close < 0) break;
      try {
        params.set(s.slice(nameStart, i), decodeURIComponent(s.slice(i + 2, close)));
      } catch {
        return null;
      }
      i = close + 1;
    } else i++;
    nameStart = -1;
  }
  return Object.fromEntries(params);
}

/** RFC 5849 3.4.1: the signature base string. */
export function signatureBaseString(
  method: string,
  url: URL,
  oauthParams: Record<string, string>,
  formBody?: URLSearchParams,
): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of url.searchParams) pairs.push([percentEncode(k), percentEncode(v)]);
  if (formBody) for (const [k, v] of formBody) pairs.push([percentEncode(k), percentEncode(v)]);
  for (const [k, v] of Object.entries(oauthParams)) {
    if (k === 'oauth_signature' || k === 'realm') continue;
    pairs.push([percentEncode(k), percentEncode(v)]);
  }
  pairs.sort((a, b) =>
    a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1,
  );
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  const port =
    url.port &&
    !(
      (url.protocol === 'http:' && url.port === '80') ||
      (url.protocol === 'https:' && url.port === '443')
    )
      ? `:${url.port}`
      : '';
  const baseUri = `${url.protocol}//${url.hostname.toLowerCase()}${port}${url.pathname}`;
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalized)].join('&');
}

export function hmacSha1Signature(base: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(base)
    .digest('base64');
}

export type OAuthVerdict = { ok: true; token?: string } | { ok: false; reason: string };

/** Verifies requests for one consumer; remembers nonces inside the timestamp window. */
export class OAuthVerifier {
  private readonly nonces = new Map<string, number>();
  constructor(private readonly opts: OAuthStrictOptions) {}

  /**
   * @param url the full URL the client signed (scheme, host and port as the client saw them)
   * @param formBody the body when it is application/x-www-form-urlencoded (RFC 5849 3.4.1.3)
   */
  verify(
    method: string,
    url: URL,
    authorization: string | undefined,
    formBody?: URLSearchParams,
  ): OAuthVerdict {
    const p = parseAuthorizationHeader(authorization);
    if (!p) return { ok: false, reason: 'no OAuth Authorization header' };
    if (p.oauth_signature_method !== 'HMAC-SHA1')
      return { ok: false, reason: 'signature method must be HMAC-SHA1' };
    if (p.oauth_version !== undefined && p.oauth_version !== '1.0')
      return { ok: false, reason: 'oauth_version must be 1.0' };
    if (p.oauth_consumer_key !== this.opts.consumerKey)
      return { ok: false, reason: 'unknown consumer key' };
    if (!p.oauth_nonce || !p.oauth_timestamp || !p.oauth_signature)
      return { ok: false, reason: 'missing OAuth parameters' };
    const now = Math.floor((this.opts.now?.() ?? Date.now()) / 1000);
    const ts = Number(p.oauth_timestamp);
    const window = this.opts.windowSeconds ?? 300;
    if (!Number.isInteger(ts) || Math.abs(now - ts) > window)
      return { ok: false, reason: 'timestamp outside the accepted window' };
    let tokenSecret = '';
    if (p.oauth_token) {
      const tokens = this.opts.tokens ?? {};
      const secret = Object.hasOwn(tokens, p.oauth_token) ? tokens[p.oauth_token] : undefined;
      if (typeof secret !== 'string') return { ok: false, reason: 'unknown access token' };
      tokenSecret = secret;
    }
    const expected = hmacSha1Signature(
      signatureBaseString(method, url, p, formBody),
      this.opts.consumerSecret,
      tokenSecret,
    );
    const a = Buffer.from(expected);
    const b = Buffer.from(p.oauth_signature);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      return { ok: false, reason: 'signature does not match' };
    // Nonces are checked after the signature, so that nobody can burn another's nonce.
    for (const [n, t] of this.nonces) if (now - t > window) this.nonces.delete(n);
    const key = `${p.oauth_consumer_key}:${p.oauth_token ?? ''}:${p.oauth_nonce}:${ts}`;
    if (this.nonces.has(key)) return { ok: false, reason: 'nonce already used' };
    this.nonces.set(key, ts);
    return { ok: true, token: p.oauth_token };
  }
}
