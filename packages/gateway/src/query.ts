/** The query string as the service gets it and as it is signed. */
import { percentEncode } from './oauth.js';

/**
 * The client's query without OAuth protocol parameters: only the gateway speaks OAuth, so a
 * client's `oauth_consumer_key`, `oauth_token`, `oauth_signature`… (any `oauth_` name, in any
 * case) never reaches the service and never enters the signature base string.
 */
export function withoutOAuthParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([k]) => !/^oauth_/i.test(k)));
}

/**
 * The query as the service gets it, every name and value percent-encoded (a space as %20,
 * never +), so that the signature base string is the same for every RFC 5849 implementation.
 */
export function canonicalQuery(params: Iterable<readonly [string, string]>): string {
  const parts = [...params].map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  return parts.length ? '?' + parts.join('&') : '';
}
