import type { ReactNode } from 'react';
import { ProgressBar } from 'react-aria-components';
import { rootStyling, type RootProps } from '../internal/compose.js';

export interface LoadingOverlayProps extends RootProps<HTMLDivElement, { isLoading: boolean }> {
  /** Whether the content is covered and busy. */
  isLoading: boolean;
  /** What is loading, announced and named on the progress bar. */
  label?: string;
  /** The content the overlay covers. */
  children: ReactNode;
}

/**
 * Covers its content while `isLoading`: the content is marked `aria-busy` and made `inert`
 * (no focus, no clicks, hidden from the accessibility tree's interaction), and an indeterminate
 * progress bar named by `label` is shown over it. Parts: `data-loading-overlay` (with
 * `data-loading`), `data-loading-content`, `data-loading-indicator`. DOM props, `ref`,
 * `className` and `style` (or functions of `{ isLoading }`) are the root `<div>`'s.
 */
export function LoadingOverlay({
  isLoading,
  label = 'Loading',
  children,
  className,
  style,
  ...props
}: LoadingOverlayProps) {
  return (
    <div
      {...props}
      {...rootStyling({ isLoading }, className, style, { position: 'relative' })}
      data-lead=""
      data-loading-overlay=""
      data-loading={isLoading || undefined}
    >
      <div data-loading-content="" aria-busy={isLoading} inert={isLoading}>
        {children}
      </div>
      {isLoading && <ProgressBar isIndeterminate aria-label={label} data-loading-indicator="" />}
    </div>
  );
}
