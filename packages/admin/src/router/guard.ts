/**
 * Who may see a route: `guest` routes are for the signed out only (login, sign-up,
 * sign-out thank-you), `public` ones for anyone (the two reset-password pages, a lead file's
 * verdicts), `user` ones need an access token.
 */
export type Access = 'guest' | 'public' | 'user';

/** Where to send the visitor instead, or null to show the route. */
export function redirectFor(access: Access, signedIn: boolean): string | null {
  if (access === 'user' && !signedIn) return '/login';
  if (access === 'guest' && signedIn) return '/';
  return null;
}
