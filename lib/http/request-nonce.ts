/** The nonce the front door gave this request: its `x-nonce` header, or the one in its CSP header (Next's recipe sets both). */
export function requestNonce(requestHeaders: Headers): string | undefined {
  return requestHeaders.get('x-nonce') ?? /'nonce-([^']+)'/.exec(requestHeaders.get('content-security-policy') ?? '')?.[1];
}
