/**
 * Sign-in, sessions and sign-out. A session is a random 128-bit token held by the browser in an
 * HttpOnly cookie; the database keeps only its SHA-256, with a sliding expiry capped by an absolute one.
 * Resolved sessions are kept in memory for a few seconds (session-cache.ts explains what keeps that safe).
 */
import { hash, randomBytes } from 'node:crypto';
import { LOGIN_FAILED_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@manway/core/api/account';
import type { Config } from '../../config';
import { fail } from '../../errors';
import { verifyDecoy, verifyPassword } from '../users/passwords';
import type { CurrentUser, UsersService } from '../users/service';
import { toCurrentUser } from '../users/service';
import type { AccountRepository } from './repository';
import { SessionCache, type CachedSession } from './session-cache';

// Writing last-seen on every request would turn reads into writes; once a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

export interface SignInContext {
  ip: string;
  userAgent: string | null;
  /** The token the browser already holds, revoked so that sign-in always rotates the session. */
  previousToken: string | undefined;
}

export interface SessionInfo {
  token: string;
  user: CurrentUser;
  expiresAt: Date;
}

export function hashToken(token: string): string {
  // The one-shot hash: no Hash object per request for the collector to finalise.
  return hash('sha256', token, 'base64url');
}

export class AccountService {
  private readonly cache = new SessionCache();
  private listening: Promise<unknown> | undefined;
  private listenSettled = false;

  constructor(
    private readonly repo: AccountRepository,
    private readonly users: UsersService,
    private readonly config: Pick<Config, 'session' | 'loginThrottle' | 'defaultUser'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    // A user disabled (or otherwise changed) by this process loses its cached sessions before the
    // call that changed it returns; other processes hear of it through the database.
    users.onUserChanged((userId) => this.cache.forgetUser(userId));
  }

  async signIn(login: string, password: string, ctx: SignInContext): Promise<SessionInfo> {
    const loginKey = login.trim().toLowerCase();
    // The attempt counts as a failure from here on, and is cleared only by the right password.
    await this.admitAttempt(loginKey, ctx.ip);
    const row = await this.users.findByLogin(loginKey);
    const ok =
      row && !row.disabled && row.passwordHash
        ? await verifyPassword(row.passwordHash, password)
        : await verifyDecoy(password);
    if (!row || !ok) {
      // One message for an unknown login and a wrong password alike: no account enumeration.
      throw fail.validation({ password: [LOGIN_FAILED_MESSAGE] }, LOGIN_FAILED_MESSAGE);
    }
    await this.repo.clearFailures(loginKey, ctx.ip);
    return this.openSession(toCurrentUser(row), ctx);
  }

  /** `useDefaultUser=true`: sign in as the configured default user, when there is one. */
  async signInDefaultUser(ctx: SignInContext): Promise<SessionInfo | undefined> {
    if (!this.config.defaultUser) return undefined;
    const row = await this.users.findByLogin(this.config.defaultUser);
    if (!row || row.disabled) return undefined;
    return this.openSession(toCurrentUser(row), ctx);
  }

  async openSession(user: CurrentUser, ctx: SignInContext, idToken?: string): Promise<SessionInfo> {
    const now = this.now();
    if (ctx.previousToken) await this.revoke(hashToken(ctx.previousToken), now);
    const token = randomBytes(16).toString('base64url');
    const absoluteExpiresAt = new Date(now.getTime() + this.config.session.maxHours * 3_600_000);
    const expiresAt = this.slide(now, absoluteExpiresAt);
    await this.repo.createSession({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
      absoluteExpiresAt,
      idToken: idToken ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    });
    return { token, user, expiresAt };
  }

  /** The user behind a token, extending the session's idle expiry; undefined when it is not live. */
  async resolve(token: string): Promise<{ user: CurrentUser; sessionId: string; expiresAt: Date } | undefined> {
    // The first calls wait for the database to confirm it listens (or to fail to), so that even
    // the first session can be cached; after that, a cached session costs no wait at all.
    if (!this.listenSettled) await (this.listening ??= this.listen());
    const now = this.now();
    let entry = this.cache.get(token);
    if (!entry || entry.expiresAt <= now) {
      const stamp = this.cache.stamp();
      const tokenHash = hashToken(token);
      const found = await this.repo.findLiveSession(tokenHash, now);
      if (!found || found.user.disabled) return undefined;
      const { session } = found;
      entry = {
        sessionId: session.id,
        tokenHash,
        user: toCurrentUser(found.user),
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        absoluteExpiresAt: session.absoluteExpiresAt,
      } satisfies CachedSession;
      this.cache.set(token, entry, stamp);
    }
    if (now.getTime() - entry.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      // Moved on before the write, so the requests that follow at once do not write it again.
      entry.lastSeenAt = now;
      entry.expiresAt = this.slide(now, entry.absoluteExpiresAt);
      await this.repo.touchSession(entry.sessionId, now, entry.expiresAt);
    }
    return { user: entry.user, sessionId: entry.sessionId, expiresAt: entry.expiresAt };
  }

  /** Ends the session; answers the OpenID Connect id token, needed as a hint for the provider's log-off. */
  async signOut(token: string | undefined): Promise<{ idToken: string | null }> {
    if (!token) return { idToken: null };
    const row = await this.revoke(hashToken(token), this.now());
    return { idToken: row?.idToken ?? null };
  }

  private async revoke(tokenHash: string, now: Date) {
    this.cache.forgetSession(tokenHash);
    const row = await this.repo.revokeSession(tokenHash, now);
    // Again after the write: a request that read the session meanwhile must not cache it.
    this.cache.forgetSession(tokenHash);
    return row;
  }

  /** Until the database confirms it is listening, sessions are not cached. */
  private listen(): Promise<unknown> {
    return this.repo
      .listenForSessionNotices({
        message: (payload) => this.cache.notice(payload),
        live: (isLive) => this.cache.setListening(isLive),
      })
      .then(() => {
        this.listenSettled = true;
      })
      .catch(() => {
        // Not listening means not caching; the next resolve tries again.
        this.listening = undefined;
      });
  }

  purge() {
    const now = this.now();
    return this.repo.purge(now, new Date(now.getTime() - this.config.loginThrottle.windowMinutes * 60_000));
  }

  private slide(now: Date, absoluteExpiresAt: Date): Date {
    const idle = new Date(now.getTime() + this.config.session.idleMinutes * 60_000);
    return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
  }

  /**
   * Refuses with 429 once this login has failed `maxFailures` times from this address, or the address
   * `maxFailuresPerAddress` times across all logins, within the window.
   */
  private async admitAttempt(loginKey: string, ip: string): Promise<void> {
    const { windowMinutes, maxFailures, maxFailuresPerAddress } = this.config.loginThrottle;
    const windowMs = windowMinutes * 60_000;
    const now = this.now();
    const verdict = await this.repo.admitAttempt({
      loginKey,
      ip,
      now,
      since: new Date(now.getTime() - windowMs),
      maxForLogin: maxFailures,
      maxForAddress: maxFailuresPerAddress,
    });
    if (verdict.admitted) return;
    // Allowed again once enough of the counted failures have aged out of the window.
    const unlocking = (failures: Date[], max: number) =>
      failures.length >= max ? (failures[failures.length - max] ?? now).getTime() + windowMs : 0;
    const until = Math.max(
      unlocking(verdict.forLogin, maxFailures),
      unlocking(verdict.forAddress, maxFailuresPerAddress),
    );
    const retryAfter = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    // The same message whichever limit was reached: it tells nothing about the account.
    throw fail.rateLimited(TOO_MANY_ATTEMPTS_MESSAGE, retryAfter);
  }
}
