import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** One person at the test identity provider: they sign in there with `login` (any password). */
export interface TestIdentity {
  email: string;
  name: string;
  groups: string[];
}

/** How the interposed proxy spoils the ID token of the next token responses (`none`: passed as issued). */
export type Tampering = 'none' | 'audience' | 'nonce' | 'signature';

/** A real OpenID Connect provider (`oidc-provider`) on loopback, behind a proxy that can spoil its ID tokens. */
export interface TestOidcProvider {
  /** The issuer the app is configured with (the proxy's address). */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** People by login; change one's groups and their next sign-in carries the new ones. */
  readonly identities: Map<string, TestIdentity>;
  /** What the proxy does to ID tokens from now on. */
  tamper(mode: Tampering): void;
  /** How many token responses the proxy spoiled so far (a test checks the refusal was of a spoiled token). */
  tamperedCount(): number;
  stop(): Promise<void>;
}

/**
 * Starts `oidc-provider` 8 on `providerPort` and a transparent HTTP proxy on `issuerPort` (the
 * issuer's address, so the browser and the app both pass through it). The client is confidential
 * (client_secret_post), PKCE S256 is required, ID tokens carry email, name and `groups`
 * (`conformIdTokenClaims: false`), and consent is granted ahead for this one client. When told
 * to, the proxy rewrites the `id_token` of the token endpoint's answer: signed again with the
 * provider's own key but another audience or nonce, or signed with a stranger's key under the
 * provider's key id. The app must refuse each of those by its own checks.
 */
export async function startTestOidcProvider({ providerPort, issuerPort, redirectUri }: { providerPort: number; issuerPort: number; redirectUri: string }): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${issuerPort}`;
  const clientId = 'tools-admin-e2e';
  const clientSecret = `secret-${randomUUID()}`;
  const kid = 'test-key-1';
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const identities = new Map<string, TestIdentity>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signing.privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ['S256'] },
    cookies: { keys: [randomUUID()] },
    findAccount: async (_ctx, id) => {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: identity.email, email_verified: true, name: identity.name, groups: [...identity.groups] }),
      };
    },
    // First-party client: consent is granted ahead, so the test signs in with the login form only.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('test OIDC provider error', error));
  const providerServer = http.createServer(provider.callback());
  await listen(providerServer, providerPort);

  let mode: Tampering = 'none';
  let tampered = 0;
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: providerPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        const isTokenAnswer = request.method === 'POST' && request.url?.split('?')[0] === '/token' && answer.statusCode === 200;
        const spoiling = isTokenAnswer ? mode : 'none';
        if (spoiling === 'none') {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token?: string };
          if (body.id_token) {
            body.id_token = spoil(body.id_token, spoiling, { own: signing.privateKey, stranger: stranger.privateKey });
            tampered += 1;
          }
          const text = JSON.stringify(body);
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
          delete headers['content-encoding'];
          response.writeHead(200, headers);
          response.end(text);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await listen(proxy, issuerPort);

  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    tamper: (next) => (mode = next),
    tamperedCount: () => tampered,
    stop: async () => {
      await Promise.all([close(proxy), close(providerServer)]);
    },
  };
}

/** The ID token with one thing wrong, as an attacker on the path or a confused provider would send it. */
function spoil(idToken: string, mode: Exclude<Tampering, 'none'>, keys: { own: KeyObject; stranger: KeyObject }): string {
  const [header, payload] = idToken.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (mode === 'audience') claims.aud = 'another-client';
  if (mode === 'nonce') claims.nonce = 'a-nonce-of-another-flow';
  const newPayload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signingInput = `${header}.${newPayload}`;
  const key = mode === 'signature' ? keys.stranger : keys.own;
  const signature = createSign('RSA-SHA256').update(signingInput).sign(key).toString('base64url');
  return `${signingInput}.${signature}`;
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      if ((server.address() as AddressInfo).port !== port) reject(new Error(`listening on the wrong port`));
      else resolve();
    });
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
