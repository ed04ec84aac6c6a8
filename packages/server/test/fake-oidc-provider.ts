/**
 * A small OpenID Connect provider for tests, so single sign-on is exercised over real HTTP with real
 * signatures instead of a mock of openid-client. It follows the specifications where the client can
 * tell: discovery, an authorization endpoint (which signs in the configured user at once), a token
 * endpoint that checks client authentication, the redirect URI, single use of the code and the PKCE
 * verifier, RS256 id tokens with a JWKS, and RP-initiated logout. Plain http on loopback.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface FakeUser {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export interface FakeProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Whether discovery advertises an end_session_endpoint (RP-initiated logout). Default true. */
  endSession?: boolean;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  user: FakeUser;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 60_000;

export class FakeOidcProvider {
  /** Who the authorization endpoint signs in next. */
  user: FakeUser = { sub: 'subject-1', preferred_username: 'someone' };
  /** When set, the authorization endpoint answers this OAuth error instead of a code. */
  refuseWith: string | undefined;
  /** How many discovery requests answer 503 before the provider "comes up". */
  failDiscovery = 0;
  readonly requests = { discovery: 0, token: 0 };
  /** Subjects whose sessions were ended through the end-session endpoint. */
  readonly signedOut: string[] = [];
  private readonly redirectUris = new Set<string>();
  private readonly postLogoutRedirectUris = new Set<string>();
  private readonly codes = new Map<string, IssuedCode>();

  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: 'server_error', error_description: String(error) }),
    );
  });
  /** Known once listening: http://127.0.0.1:<port>. */
  issuer = '';

  private constructor(
    private readonly options: FakeProviderOptions,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
  ) {}

  static async start(options: FakeProviderOptions): Promise<FakeOidcProvider> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    const provider = new FakeOidcProvider(options, privateKey, publicKey, publicJwk);
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    provider.issuer = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
    return provider;
  }

  /** Registers a client's callback and its post-logout landing page (matched without its query). */
  registerClient(redirectUri: string, postLogoutRedirectUri: string): void {
    this.redirectUris.add(redirectUri);
    this.postLogoutRedirectUris.add(postLogoutRedirectUri);
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /.well-known/openid-configuration':
        return this.discovery(res);
      case 'GET /authorize':
        return this.authorize(url.searchParams, res);
      case 'POST /token':
        return this.token(req, res);
      case 'GET /jwks':
        return send(res, 200, { keys: [this.publicJwk] });
      case 'GET /logout':
        return this.endSession(url.searchParams, res);
      default:
        return send(res, 404, { error: 'not_found' });
    }
  }

  private discovery(res: ServerResponse): void {
    this.requests.discovery++;
    if (this.failDiscovery > 0) {
      this.failDiscovery--;
      return send(res, 503, { error: 'temporarily_unavailable' });
    }
    send(res, 200, {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      jwks_uri: `${this.issuer}/jwks`,
      ...(this.options.endSession === false ? {} : { end_session_endpoint: `${this.issuer}/logout` }),
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'profile', 'email'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'nonce',
        'preferred_username',
        'name',
        'email',
        'email_verified',
      ],
    });
  }

  private authorize(q: URLSearchParams, res: ServerResponse): void {
    const redirectUri = q.get('redirect_uri') ?? '';
    // An unknown client or callback gets an error page, never a redirect (RFC 6749 4.1.2.1).
    if (q.get('client_id') !== this.options.clientId || !this.redirectUris.has(redirectUri)) {
      return send(res, 400, { error: 'invalid_request', error_description: 'unknown client or redirect_uri' });
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const problem =
      this.refuseWith ??
      (q.get('response_type') !== 'code'
        ? 'unsupported_response_type'
        : !(q.get('scope') ?? '').split(' ').includes('openid')
          ? 'invalid_scope'
          : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')
            ? 'invalid_request'
            : undefined);
    if (problem) {
      back.searchParams.set('error', problem);
      back.searchParams.set('error_description', problem === 'access_denied' ? 'The user declined.' : problem);
      return redirect(res, back.href);
    }
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      redirectUri,
      codeChallenge: q.get('code_challenge')!,
      nonce: q.get('nonce') ?? undefined,
      user: { ...this.user },
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    back.searchParams.set('code', code);
    redirect(res, back.href);
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.token++;
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return send(res, 400, { error: 'invalid_request' });
    }
    const form = new URLSearchParams(await readBody(req));
    const client = clientCredentials(req.headers.authorization, form);
    if (client?.id !== this.options.clientId || client.secret !== this.options.clientSecret) {
      res.setHeader('www-authenticate', 'Basic realm="token"');
      return send(res, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      !issued ||
      issued.expiresAt < Date.now() ||
      issued.redirectUri !== form.get('redirect_uri') ||
      issued.codeChallenge !== challenge
    ) {
      return send(res, 400, { error: 'invalid_grant' });
    }
    const { sub, ...profile } = issued.user;
    const idToken = await new SignJWT({ ...profile, ...(issued.nonce ? { nonce: issued.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: this.publicJwk.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(this.options.clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.privateKey);
    send(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid profile email',
      id_token: idToken,
    });
  }

  private async endSession(q: URLSearchParams, res: ServerResponse): Promise<void> {
    let sub: string | undefined;
    try {
      const { payload } = await jwtVerify(q.get('id_token_hint') ?? '', this.publicKey, {
        issuer: this.issuer,
        audience: this.options.clientId,
      });
      sub = payload.sub;
    } catch {
      return send(res, 400, { error: 'invalid_request', error_description: 'bad id_token_hint' });
    }
    const target = q.get('post_logout_redirect_uri');
    const registered = target !== null && this.postLogoutRedirectUris.has(target.split('?')[0]!);
    if (q.get('client_id') !== this.options.clientId || (target !== null && !registered)) {
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'unknown client or post_logout_redirect_uri',
      });
    }
    if (sub) this.signedOut.push(sub);
    if (target) return redirect(res, target);
    send(res, 200, { signedOut: true });
  }
}

/** client_secret_basic (form-encoded, then base64, per RFC 6749 2.3.1) or client_secret_post. */
function clientCredentials(
  authorization: string | undefined,
  form: URLSearchParams,
): { id: string; secret: string } | undefined {
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id !== null && secret !== null ? { id, secret } : undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
