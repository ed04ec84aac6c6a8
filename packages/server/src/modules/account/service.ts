/**
 * Sign-in, sessions and sign-out. A session is a random 128-bit token held by the browser in an
 * HttpOnly cookie; the database keeps only its SHA-256, with a sliding expiry capped by an absolute one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_FAILED_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@manway/core/api/account';
import type { Config } from '../../config';
import { fail } from '../../errors';
import { verifyDecoy, verifyPassword } from '../users/passwords';
import type { CurrentUser, UsersService } from '../users/service';
import { toCurrentUser } from '../users/service';
import type { AccountRepository } from './repository';

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
  return createHash('sha256').update(token).digest('base64url');
}

export class AccountService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly users: UsersService,
    private readonly config: Pick<Config, 'session' | 'loginThrottle' | 'defaultUser'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async signIn(login: string, password: string, ctx: SignInContext): Promise<SessionInfo> {
    const loginKey = login.trim().toLowerCase();
    await this.refuseWhenThrottled(loginKey, ctx.ip);
    const row = await this.users.findByLogin(loginKey);
    const ok =
      row && !row.disabled && row.passwordHash
        ? await verifyPassword(row.passwordHash, password)
        : await verifyDecoy(password);
    if (!row || !ok) {
      await this.repo.recordFailure(loginKey, ctx.ip, this.now());
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
    if (ctx.previousToken) await this.repo.revokeSession(hashToken(ctx.previousToken), now);
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
  async resolve(token: string): Promise<{ user: CurrentUser; expiresAt: Date } | undefined> {
    const now = this.now();
    const found = await this.repo.findLiveSession(hashToken(token), now);
    if (!found || found.user.disabled) return undefined;
    const { session } = found;
    const user = toCurrentUser(found.user);
    let expiresAt = session.expiresAt;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      expiresAt = this.slide(now, session.absoluteExpiresAt);
      await this.repo.touchSession(session.id, now, expiresAt);
    }
    return { user, expiresAt };
  }

  /** Ends the session; answers the OpenID Connect id token, needed as a hint for the provider's log-off. */
  async signOut(token: string | undefined): Promise<{ idToken: string | null }> {
    if (!token) return { idToken: null };
    const row = await this.repo.revokeSession(hashToken(token), this.now());
    return { idToken: row?.idToken ?? null };
  }

  purge() {
    const now = this.now();
    return this.repo.purge(now, new Date(now.getTime() - this.config.loginThrottle.windowMinutes * 60_000));
  }

  private slide(now: Date, absoluteExpiresAt: Date): Date {
    const idle = new Date(now.getTime() + this.config.session.idleMinutes * 60_000);
    return idle < absoluteExpiresAt ? idle : absoluteExpiresAt;
  }

  private async refuseWhenThrottled(loginKey: string, ip: string): Promise<void> {
    const windowMs = this.config.loginThrottle.windowMinutes * 60_000;
    const now = this.now();
    const failures = await this.repo.recentFailures(loginKey, ip, new Date(now.getTime() - windowMs));
    if (failures.length < this.config.loginThrottle.maxFailures) return;
    // Allowed again once enough of the counted failures have aged out of the window.
    const unlocking = failures[failures.length - this.config.loginThrottle.maxFailures] ?? now;
    const retryAfter = Math.max(1, Math.ceil((unlocking.getTime() + windowMs - now.getTime()) / 1000));
    throw fail.rateLimited(TOO_MANY_ATTEMPTS_MESSAGE, retryAfter);
  }
}
