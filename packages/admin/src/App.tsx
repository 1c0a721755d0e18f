import { Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Route, Router, Switch, useLocation } from 'wouter';
import { pageTitle } from './config.js';
import { redirectFor } from './router/guard.js';
import { navigate, useHashLocation, useHashSearch } from './router/hash-location.js';
import { NOT_FOUND, ROUTES, type RouteDef } from './routes.js';
import { AppChrome, SignedInFrame, SignedOutFrame, SkipLink, TitleAnnouncer } from './shell/Shell.js';
import { session } from './stores/session.js';

function Page({ route }: { route: RouteDef }) {
  const { token } = useSnapshot(session);
  const redirect = redirectFor(route.access, Boolean(token));
  const [location] = useLocation();
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, location]);
  const title = pageTitle(route.name);
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (redirect) return null;
  const Screen = route.screen;
  const Frame = route.access === 'user' ? SignedInFrame : SignedOutFrame;
  return (
    <>
      <TitleAnnouncer title={title} />
      <Frame>
        <Suspense fallback={<p>Loading…</p>}>
          <Screen />
        </Suspense>
      </Frame>
    </>
  );
}

export function App() {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch} hrefs={(href) => `#${href}`}>
      <SkipLink />
      <Switch>
        {ROUTES.map((r) => (
          <Route key={r.path} path={r.path}>
            <Page route={r} />
          </Route>
        ))}
        <Route>
          <Page route={NOT_FOUND} />
        </Route>
      </Switch>
      <AppChrome />
    </Router>
  );
}
