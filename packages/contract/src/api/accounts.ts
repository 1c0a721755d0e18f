/**
 * Users, roles and the signed-in user's own account (docs/api/accounts.md, "Users", "Auth and account"): their
 * requests and answers, and the route tables the server registers from.
 */
import { Type, type Static } from 'typebox';
import { FileUrl, IdArray, IdParams, Name, NameAndSitesQuery, NoData, Nullable, responses } from './common.js';
import type { RouteSpec } from './route.js';

export const RoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  display_name: Type.String(),
  description: Type.String(),
});
export type Role = Static<typeof RoleSchema>;

export const UserSiteSchema = Type.Object({ id: Type.Integer(), hostname: Type.String() });
export type UserSite = Static<typeof UserSiteSchema>;

export const UserSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  avatar: Nullable(Type.String()),
  status: Type.Integer(),
  roles: Type.Array(RoleSchema),
  sites: Type.Array(UserSiteSchema),
  client_ids: Type.Array(Type.Integer()),
  created_at: Type.String(),
  hostname: Nullable(Type.String()),
});
export type User = Static<typeof UserSchema>;

/** POST /users and PUT /users/{id}: the whole user (its rules: `userErrors`). */
export const UserBody = Type.Object({
  first_name: Name,
  last_name: Type.Optional(Name),
  email: Type.String({ maxLength: 254 }),
  avatar: Type.Optional(Nullable(FileUrl)),
  status: Type.Integer(),
  role_ids: IdArray,
  site_ids: IdArray,
  client_ids: IdArray,
});

/** PUT /account: the caller's own details (its rules: `accountErrors`). */
export const AccountBody = Type.Object({
  first_name: Name,
  last_name: Type.Optional(Name),
  avatar: Type.Optional(Nullable(FileUrl)),
});

/** PUT /account/password (its rules: `passwordChangeErrors`). */
export const PasswordChangeBody = Type.Object({
  current_password: Type.String({ maxLength: 1000 }),
  password: Type.String({ maxLength: 1000 }),
  password_confirmation: Type.String({ maxLength: 1000 }),
});
export type PasswordChangePayload = Static<typeof PasswordChangeBody>;

const OneUser = responses(Type.Object({ model: UserSchema }));
/**
 * POST /users: the new user for a system user; null for any other admin, who is answered the same
 * whether or not the address already had an account (that account's owner is mailed instead).
 */
const CreatedUser = responses(Type.Object({ model: Nullable(UserSchema) }));

/** The users routes (admins only). */
export const usersApi = {
  list: {
    method: 'GET',
    url: '/api/admin/users',
    querystring: NameAndSitesQuery,
    response: responses(Type.Object({ models: Type.Array(UserSchema) })),
  },
  create: { method: 'POST', url: '/api/admin/users', body: UserBody, response: CreatedUser },
  update: { method: 'PUT', url: '/api/admin/users/:id', params: IdParams, body: UserBody, response: OneUser },
  delete: { method: 'DELETE', url: '/api/admin/users/:id', params: IdParams, response: NoData },
} as const satisfies Record<string, RouteSpec>;
export type UsersApi = typeof usersApi;

/** The roles an admin may grant. */
export const rolesApi = {
  list: {
    method: 'GET',
    url: '/api/admin/roles',
    response: responses(Type.Object({ models: Type.Array(RoleSchema) })),
  },
} as const satisfies Record<string, RouteSpec>;
export type RolesApi = typeof rolesApi;

/** The signed-in user's own account. */
export const accountApi = {
  get: { method: 'GET', url: '/api/admin/account', response: OneUser },
  update: { method: 'PUT', url: '/api/admin/account', body: AccountBody, response: OneUser },
  password: { method: 'PUT', url: '/api/admin/account/password', body: PasswordChangeBody, response: NoData },
} as const satisfies Record<string, RouteSpec>;
export type AccountApi = typeof accountApi;
