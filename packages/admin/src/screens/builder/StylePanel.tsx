import { lazy, Suspense } from 'react';

/**
 * The DESIGN step's Style panel (StyleControls.tsx), loaded after the step shows: it is closed at
 * first, and its controls (a slider among them) need not delay the builder's first screen.
 */
const StyleControls = lazy(() => import('./StyleControls.js'));

export function StylePanel() {
  return (
    <Suspense fallback={null}>
      <StyleControls />
    </Suspense>
  );
}
