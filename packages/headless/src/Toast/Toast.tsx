import type { Ref } from 'react';
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  type ToastRegionProps as AriaToastRegionProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface ToastContent {
  title: string;
  description?: string;
  tone: ToastTone;
}

export type ToastQueue = AriaToastQueue<ToastContent>;

/**
 * A queue of toasts, made once per app (outside React) so that code outside components,
 * such as an API client's error handler, can add to it. At most `maxVisibleToasts` show at
 * once; the rest wait their turn.
 */
export const createToastQueue = (options: { maxVisibleToasts?: number } = {}): ToastQueue =>
  new AriaToastQueue<ToastContent>({ maxVisibleToasts: options.maxVisibleToasts ?? 5 });

/**
 * Shows a toast; it closes itself after `timeout` ms (5000 by default; react-aria keeps at
 * least 5000 so that it can be read), or stays until closed with `timeout: 0`.
 * Returns its key, for `queue.close(key)`.
 */
export function showToast(
  queue: ToastQueue,
  content: ToastContent,
  { timeout = 5000 }: { timeout?: number } = {},
): string {
  return queue.add(content, timeout > 0 ? { timeout } : {});
}

export interface ToastRegionProps extends Omit<AriaToastRegionProps<ToastContent>, 'children' | 'queue'> {
  /** The queue made once by `createToastQueue`. */
  queue: ToastQueue;
  /** The landmark's name ("Notifications"). */
  'aria-label'?: string;
  /** The close button's accessible name ("Close"). */
  closeLabel?: string;
  /** The region's `<div>` (the root): DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The toasts, in a landmark region (F6 moves focus into it). Each toast has a title, an
 * optional description and a close button, and carries `data-tone`. react-aria announces new
 * toasts, pauses their timers while the region is hovered or focused, and returns focus when
 * the last one closes. Wraps react-aria's toast (still named UNSTABLE_ there): consumers use
 * only this API.
 */
export function ToastRegion({
  queue,
  closeLabel = 'Close',
  className,
  'aria-label': label = 'Notifications',
  ...props
}: ToastRegionProps) {
  return (
    <AriaToastRegion
      {...props}
      queue={queue}
      aria-label={label}
      className={keepDefaultClass(className)}
      data-lead=""
      data-toast-region=""
    >
      {({ toast }) => (
        <AriaToast toast={toast} data-toast="" data-tone={toast.content.tone}>
          <AriaToastContent data-toast-content="">
            <Text slot="title" elementType="div">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" elementType="div">
                {toast.content.description}
              </Text>
            ) : null}
          </AriaToastContent>
          <Button slot="close" aria-label={closeLabel} data-toast-close="">
            ×
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
