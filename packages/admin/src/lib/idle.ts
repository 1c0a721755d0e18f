import { useEffect, useState } from 'react';

type Cancel = () => void;

/** Runs `task` when the browser is next idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(task: () => void, timeout = 2000): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

/**
 * False until `ready` has been true and the browser has been idle once after it: a screen renders
 * its secondary parts (a date picker, dialogs) and starts loading their code only after its main
 * content is on screen, so that code never delays it.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true));
  }, [ready, idle]);
  return idle;
}
