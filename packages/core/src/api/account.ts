import { z } from 'zod';

export const LoginRequest = z.object({
  login: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
  returnUrl: z.string().max(2000).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ returnUrl: z.string() });

/** Where the browser goes after signing out: the identity provider's log-off, or the sign-in page. */
export const LogoffResponse = z.object({ redirectUrl: z.string() });
export type LogoffResponse = z.infer<typeof LogoffResponse>;

export const LOGIN_FAILED_MESSAGE = 'The login or password is incorrect.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Try again later.';
