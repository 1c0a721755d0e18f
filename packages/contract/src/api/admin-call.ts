/**
 * One typed call of the admin API, for the admin's client and its browser journeys. A call names
 * its route by the method and URL its table gives it (`'GET /api/admin/campaign/:id'`); from that
 * name come the types of its path parameters, query, body and answer, and at run time its method
 * and URL with the parameters filled in. The name is text, so a caller takes the tables' types only
 * and its bundle carries no schema.
 */
import type { Static, TSchema } from 'typebox';
import type * as tables from './index.js';
import type { DataOf, RouteSpec } from './route.js';

/** Where the admin API is served. */
export const ADMIN_PREFIX = '/api/admin';

type Tables = typeof tables;
/** Every route of every table (`configApi`, `campaignsApi`, …) that `@lead/contract/api` exports. */
type AnyRoute = { [K in keyof Tables]: Extract<Tables[K][keyof Tables[K]], RouteSpec> }[keyof Tables];

/** A route's name: its method and URL, as in `'PUT /api/admin/clients/:id'`. */
export type RouteName<R> = R extends RouteSpec ? `${R['method']} ${R['url']}` : never;
/** The routes of the admin API. */
export type AdminRoute = Extract<AnyRoute, { url: `${typeof ADMIN_PREFIX}/${string}` }>;
/** The names of the admin API's routes. */
export type AdminRouteName = RouteName<AdminRoute>;
/** The admin route of that name. */
export type AdminRouteOf<N extends AdminRouteName> = N extends `${infer M} ${infer U}`
  ? Extract<AdminRoute, { method: M; url: U }>
  : never;

/** The `:param` names of a URL pattern. */
export type ParamNames<U extends string> = U extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamNames<Rest>
  : U extends `${string}:${infer P}`
    ? P
    : never;

/** A route's path parameters: each `:param` of its URL, typed by its `params` schema if it has one. */
export type PathParams<R extends RouteSpec> = {
  [K in ParamNames<R['url']>]: R extends { params: infer S extends TSchema }
    ? K extends keyof Static<S>
      ? Static<S>[K]
      : string | number
    : string | number;
};

/** The numbers whose text is a value of T: a query is text on the wire, and a number is sent as its digits. */
type NumberFor<T> = T extends `${infer N extends number}` ? N : string extends T ? number : never;
/**
 * A query as a caller gives it: a value of the route's type, or a number whose text is one; an
 * optional value may also be null (sent as absent, like undefined).
 */
export type QueryIn<Q> = { [K in keyof Q]: Q[K] | NumberFor<Q[K]> | (undefined extends Q[K] ? null : never) };

/** A part of a request: required when its type has a required member, optional otherwise. */
type Part<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: never }
  : object extends T
    ? { [K in Key]?: T }
    : { [K in Key]: T };

/** What a call of route R sends: its path parameters, its query and its JSON body, each typed by the route. */
export type CallRequest<R extends RouteSpec> = Part<
  'params',
  [ParamNames<R['url']>] extends [never] ? never : PathParams<R>
> &
  Part<'query', R extends { querystring: infer S extends TSchema } ? QueryIn<Static<S>> : never> &
  Part<'body', R extends { body: infer S extends TSchema } ? Static<S> : never>;

/** The `_data` of a call's answer. */
export type CallData<N extends AdminRouteName> = DataOf<AdminRouteOf<N>>;

/**
 * A URL pattern with its `:param`s filled in from `params`, each encoded as a path segment. A
 * parameter without a value (absent, null or empty) is an error: the call would reach another route.
 */
export function fillUrl(url: string, params: Readonly<Record<string, unknown>> = {}): string {
  return url.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${url}: no value for :${name}`);
    return encodeURIComponent(String(value as string | number));
  });
}

/** The method of route `name` and its URL from the server's root, parameters filled in. */
export function requestLine(
  name: AdminRouteName,
  params?: Readonly<Record<string, unknown>>,
): { method: RouteSpec['method']; url: string } {
  const space = name.indexOf(' ');
  return { method: name.slice(0, space) as RouteSpec['method'], url: fillUrl(name.slice(space + 1), params) };
}
