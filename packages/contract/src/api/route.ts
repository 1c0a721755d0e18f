/**
 * A route of the wire: its method, its URL (Fastify's `:param` syntax, from the server's root) and
 * the schema of each part of its request and of each answer, by status. The server registers and
 * validates its routes from these; the admin and the pop-up take only their types (`import type`)
 * and write the URL as a string literal the type checks.
 */
import type { Static, TSchema } from 'typebox';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** The answers the route declares, by status code (or range: '4xx'). */
  response?: Readonly<Record<number | string, TSchema>>;
}

/** The body a route takes. */
export type BodyOf<R> = R extends { body: infer S extends TSchema } ? Static<S> : never;
/** The path parameters a route takes (as typed in the URL: strings). */
export type ParamsOf<R> = R extends { params: infer S extends TSchema } ? Static<S> : never;
/** The query a route takes. */
export type QueryOf<R> = R extends { querystring: infer S extends TSchema } ? Static<S> : never;
/** A route's answer with status `Code` (200 unless given). */
export type AnswerOf<R, Code extends number = 200> = R extends { response: infer A }
  ? Code extends keyof A
    ? A[Code] extends TSchema
      ? Static<A[Code]>
      : never
    : never
  : never;

/** A URL pattern with each `:param` as any text: what a caller's filled-in URL must match. */
export type Filled<U extends string> = U extends `${infer A}:${string}/${infer B}`
  ? `${A}${string}/${Filled<B>}`
  : U extends `${infer A}:${string}`
    ? `${A}${string}`
    : U;
/** The URLs a route answers at, filled in. */
export type PathOf<R> = R extends { url: infer U extends string } ? Filled<U> : never;
/** The `_data` of a route's success envelope. */
export type DataOf<R> = AnswerOf<R> extends { _data: infer D } ? D : never;
