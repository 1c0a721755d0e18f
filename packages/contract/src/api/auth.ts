/** Signing in and out, and the password links (docs/api/accounts.md, "Auth and account"): requests, answers, route table. */
import { Type, type Static } from 'typebox';
import { UserSchema } from './accounts.js';
import { NoData, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** POST /login. */
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1000 }),
  hostname: Type.Optional(Type.String({ maxLength: 253 })),
  remember: Type.Optional(Type.Boolean()),
});
export type LoginPayload = Static<typeof LoginBody>;

export const LoginAnswer = Type.Object({ access_token: Type.String(), user: UserSchema });
export type LoginResponse = Static<typeof LoginAnswer>;

/** POST /password/reset: a new password with the emailed token (its rules: `passwordResetErrors`). */
export const PasswordResetBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  token: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1000 }),
  password_confirmation: Type.String({ maxLength: 1000 }),
});
export type PasswordResetPayload = Static<typeof PasswordResetBody>;

export const authApi = {
  login: { method: 'POST', url: '/api/admin/login', body: LoginBody, response: responses(LoginAnswer) },
  logout: { method: 'GET', url: '/api/admin/logout', response: NoData },
  passwordEmail: {
    method: 'POST',
    url: '/api/admin/password/email',
    body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
    response: NoData,
  },
  passwordReset: { method: 'POST', url: '/api/admin/password/reset', body: PasswordResetBody, response: NoData },
} as const satisfies Record<string, RouteSpec>;
export type AuthApi = typeof authApi;
