import type { ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';

export interface LoadingOverlayProps {
  isLoading: boolean;
  /** What is loading, announced and named on the progress bar. */
  label?: string;
  /** The content the overlay covers. */
  children: ReactNode;
  className?: string;
}

/**
 * Covers its content while `isLoading`: the content is marked `aria-busy` and made `inert`
 * (no focus, no clicks, hidden from the accessibility tree's interaction), and an indeterminate
 * progress bar named by `label` is shown over it. Parts: `data-loading-overlay` (with
 * `data-loading`), `data-loading-content`, `data-loading-indicator`.
 */
export function LoadingOverlay({ isLoading, label = 'Loading', children, className }: LoadingOverlayProps) {
  return (
    <div className={className} data-lead="" data-loading-overlay="" data-loading={isLoading || undefined} style={{ position: 'relative' }}>
      <div data-loading-content="" aria-busy={isLoading} inert={isLoading}>
        {children}
      </div>
      {isLoading && <ProgressBar isIndeterminate aria-label={label} data-loading-indicator="" />}
    </div>
  );
}
