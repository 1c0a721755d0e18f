import { Button } from '@lead/headless/Button';
import { ToastRegion } from '@lead/headless/Toast';
import { Dialog } from '@lead/headless/Dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { closeAlert, toasts, ui } from '../stores/ui.js';
import { Sidebar } from './Sidebar.js';
import * as s from './shell.css.js';

/**
 * The loading overlay over the page's content (after 200 ms of a call in flight): in the signed-in
 * frame it leaves the navigation uncovered, so a click there works while a call loads (and aborts it).
 */
function LoadingCover({ content }: { content?: boolean }) {
  const { loading } = useSnapshot(ui);
  if (loading === 0) return null;
  return (
    <div className={content ? `${s.loading} ${s.loadingContent}` : s.loading} data-app-loading="">
      <ProgressBar isIndeterminate aria-label="Loading">
        <div className={s.spinner} />
      </ProgressBar>
    </div>
  );
}

/** The signed-in frame: the navigation and the page. */
export function SignedInFrame({ children }: { children: ReactNode }) {
  return (
    <div className={s.frame}>
      <Sidebar />
      <main id="main" className={s.main}>
        {children}
      </main>
      <LoadingCover content />
    </div>
  );
}

/** The signed-out frame: one centred card (login, reset, thank-you pages). */
export function SignedOutFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={s.authMain}>
      <div className={s.card}>{children}</div>
      <LoadingCover />
    </main>
  );
}

/** Says the new page's title to screen readers after each navigation. */
export function TitleAnnouncer({ title }: { title: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    // A beat later, so that the change is announced rather than merged with the page load.
    const t = setTimeout(() => setSaid(title), 100);
    return () => clearTimeout(t);
  }, [title]);
  return (
    <div role="status" aria-live="polite" className={s.visuallyHidden} data-title-announcer="">
      {said}
    </div>
  );
}

/** What every page has: the toasts and the alert dialog (each frame has its loading overlay). */
export function AppChrome() {
  const { alert } = useSnapshot(ui);
  return (
    <>
      <ToastRegion queue={toasts} />
      <Dialog
        isOpen={alert !== null}
        onOpenChange={(open) => !open && closeAlert()}
        role="alertdialog"
        title={alert?.title ?? ''}
        footer={
          <Button onPress={closeAlert} variant="primary">
            OK
          </Button>
        }
      >
        {alert && alert.messages.length > 0 ? (
          <ul>
            {alert.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </Dialog>
    </>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className={s.skip}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.querySelector<HTMLElement>('[data-page-heading]')?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
