import { lazy, Suspense } from 'react';
import * as st from './builder.css.js';

/**
 * The DESIGN step's Style panel (StyleControls.tsx), loaded after the step shows: it is closed at
 * first, and its controls (a slider among them) need not delay the builder's first screen.
 */
const StyleControls = lazy(() => import('./StyleControls.js'));

/**
 * Until the controls come: the closed panel at its size, so that nothing under it (Back and Next)
 * moves when they do; inert, as there is nothing in it yet.
 */
function ClosedPanel() {
  return (
    <details className={st.editor} inert>
      <summary>Style</summary>
    </details>
  );
}

export function StylePanel() {
  return (
    <Suspense fallback={<ClosedPanel />}>
      <StyleControls />
    </Suspense>
  );
}
