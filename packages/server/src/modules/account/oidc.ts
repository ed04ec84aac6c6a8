/**
 * Single sign-on through an OpenID Connect provider: the authorization code flow with PKCE and state,
 * and the provider's own log-off (RP-initiated logout). The provider's metadata is discovered on
 * first use, not at start-up, so a provider that is down never keeps the server from starting; a
 * failed discovery is tried again on the next use.
 */
import * as client from 'openid-client';
import type { Config } from '../../config';
import type { ExternalIdentity } from '../users/service';
import type { SingleSignOn } from './routes';

export const OIDC_START_PATH = '/api/account/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/account/oidc/callback';

// Long enough for a user to type a password and a second factor at the provider; short enough that
// a forgotten tab cannot complete a stale flow hours later.
export const OIDC_FLOW_MINUTES = 10;

const DISCOVERY_TIMEOUT_SECONDS = 10;
const MAX_LOGIN_LENGTH = 200;
const MAX_DISPLAY_NAME_LENGTH = 200;
// OpenID Connect Core 1.0 section 2: `sub` is at most 255 ASCII characters. The issuer is a URL.
const MAX_SUBJECT_LENGTH = 255;
const MAX_ISSUER_LENGTH = 2000;

export type OidcSettings = NonNullable<Config['oidc']>;

export interface SingleSignOnOptions {
  /**
   * Lets openid-client talk to a plain-http provider. Tests only: their provider listens on loopback
   * without TLS. Never set in production, where tokens must not cross the network in clear.
   */
  allowInsecureRequests?: boolean;
  log?: { error(message: string, error?: unknown): void };
}

/** What the callback must check, carried from the start of the flow to its end by the browser. */
export interface FlowChecks {
  state: string;
  codeVerifier: string;
}

export interface OpenIdSingleSignOn extends SingleSignOn {
  /** A new authorization request: where to send the browser, and what its answer must match. */
  begin(redirectUri: string): Promise<{ url: string; checks: FlowChecks }>;
  /** Checks the provider's answer (the callback URL as received), exchanges the code, verifies the id token. */
  complete(callbackUrl: URL, checks: FlowChecks): Promise<{ idToken: string; identity: ExternalIdentity }>;
}

export type SingleSignOnFailure =
  /** The provider answered with an error, e.g. the user cancelled or may not use this application. */
  | 'refused'
  /** The answer does not belong to this browser's request: a replay, a forgery or a stale tab. */
  | 'mismatch'
  /** The provider could not be reached, or its answer could not be verified. */
  | 'unavailable';

export class SingleSignOnError extends Error {
  constructor(
    readonly kind: SingleSignOnFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SingleSignOnError';
  }
}

export const MISMATCH_MESSAGE =
  'The single sign-on answer does not match a sign-in started in this browser. Start again.';
const UNAVAILABLE_MESSAGE =
  'Single sign-on is not available right now. Try again later, or sign in with your password.';

/** The single sign-on main.ts and the tests both use, when the configuration asks for one. */
export function singleSignOnFromConfig(
  config: Pick<Config, 'oidc'>,
  options: SingleSignOnOptions = {},
): OpenIdSingleSignOn | undefined {
  return config.oidc ? createSingleSignOn(config.oidc, options) : undefined;
}

export function createSingleSignOn(oidc: OidcSettings, options: SingleSignOnOptions = {}): OpenIdSingleSignOn {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        oidc.clientSecret ? { client_secret: oidc.clientSecret } : undefined,
        // client_secret_basic is what OpenID Connect assumes for a client that registered no method;
        // without a secret this is a public client, which PKCE protects.
        oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: options.allowInsecureRequests ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  const reachProvider = async (): Promise<client.Configuration> => {
    try {
      return await configuration();
    } catch (error) {
      options.log?.error(`OpenID Connect discovery at ${oidc.issuer} failed`, error);
      throw new SingleSignOnError('unavailable', UNAVAILABLE_MESSAGE, { cause: error });
    }
  };

  return {
    startUrl: OIDC_START_PATH,

    async begin(redirectUri) {
      const config = await reachProvider();
      const checks: FlowChecks = { state: client.randomState(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
      });
      return { url: url.href, checks };
    },

    async complete(callbackUrl, checks) {
      const config = await reachProvider();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw classify(error, options);
      }
      const claims = tokens.claims();
      if (!tokens.id_token || !claims) throw new SingleSignOnError('unavailable', UNAVAILABLE_MESSAGE);
      return { idToken: tokens.id_token, identity: identityFromClaims(claims) };
    },

    async logoffUrl(idToken, postLogoutRedirect) {
      // Without an id token this session did not come from the provider: signing out here is enough.
      if (!idToken) return undefined;
      let config: client.Configuration;
      try {
        config = await reachProvider();
      } catch {
        // Our session is already gone; the sign-in page is the best place left to send the user.
        return undefined;
      }
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirect })
        .href;
    },
  };
}

function classify(error: unknown, options: SingleSignOnOptions): SingleSignOnError {
  if (error instanceof client.AuthorizationResponseError) {
    const detail = error.error_description ?? error.error;
    return new SingleSignOnError('refused', `The single sign-on provider did not sign you in: ${detail}`, {
      cause: error,
    });
  }
  if (error instanceof client.ClientError && /"(state|iss)"/.test(error.message)) {
    return new SingleSignOnError('mismatch', MISMATCH_MESSAGE, { cause: error });
  }
  // Token endpoint refusals and id tokens that fail verification are the operator's concern, not
  // the user's: log the detail, show a plain message.
  options.log?.error('OpenID Connect code exchange failed', error);
  return new SingleSignOnError('unavailable', UNAVAILABLE_MESSAGE, { cause: error });
}

/**
 * Who the provider vouches for. The account is the provider's `(iss, sub)`, the one pair OpenID
 * Connect promises is stable and never reassigned; the login a new account would like is
 * `preferred_username`, else the e-mail address (unless the provider says it is unverified), else
 * `sub`. Those names only name a new account: they never select an existing one.
 */
export function identityFromClaims(claims: client.IDToken): ExternalIdentity {
  const text = (value: unknown, max: number) => {
    const s = typeof value === 'string' ? value.trim() : '';
    return s.length > 0 && s.length <= max ? s : undefined;
  };
  // Taken as sent, untrimmed: they are compared, never shown.
  const exact = (value: unknown, max: number) =>
    typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
  const issuer = exact(claims.iss, MAX_ISSUER_LENGTH);
  const subject = exact(claims.sub, MAX_SUBJECT_LENGTH);
  const email = claims.email_verified === false ? undefined : text(claims.email, MAX_LOGIN_LENGTH);
  const login = text(claims.preferred_username, MAX_LOGIN_LENGTH) ?? email ?? text(claims.sub, MAX_LOGIN_LENGTH);
  if (!issuer || !subject || !login) {
    throw new SingleSignOnError(
      'unavailable',
      'The single sign-on provider did not say who you are. Ask an administrator.',
    );
  }
  return {
    issuer,
    subject,
    login,
    displayName: text(claims.name, MAX_DISPLAY_NAME_LENGTH) ?? login,
    email: email ?? null,
  };
}
