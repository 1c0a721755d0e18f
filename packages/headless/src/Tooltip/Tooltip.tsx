import type { ReactElement, ReactNode, Ref } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface TooltipProps extends Omit<
  AriaTooltipProps,
  'children' | 'triggerRef' | 'isOpen' | 'defaultOpen' | 'onOpenChange'
> {
  /** One focusable element (a react-aria Button or Link) that the tooltip describes. */
  children: ReactElement;
  /** What the tooltip says. */
  content: ReactNode;
  /** Milliseconds of hover before it shows (600); keyboard focus shows it at once. */
  delay?: number;
  /** Shown, controlled. */
  isOpen?: boolean;
  /** Shown at first, uncontrolled. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** Whether it stays hidden. */
  isDisabled?: boolean;
  /** The tooltip's own element (role `tooltip`), while it shows. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A tooltip (the WAI-ARIA tooltip pattern): shown on hover after a delay and at once on keyboard
 * focus, hidden by Escape or blur, and linked to its trigger by aria-describedby. DOM props,
 * `className`, `style` and `ref` are the tooltip element's.
 */
export function Tooltip({
  children,
  content,
  placement = 'top',
  offset = 6,
  delay = 600,
  isOpen,
  defaultOpen,
  onOpenChange,
  isDisabled,
  className,
  ...props
}: TooltipProps) {
  return (
    <TooltipTrigger
      delay={delay}
      {...(isOpen !== undefined ? { isOpen } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
      {...(isDisabled !== undefined ? { isDisabled } : {})}
    >
      {children}
      <AriaTooltip
        {...props}
        placement={placement}
        offset={offset}
        className={keepDefaultClass(className)}
        data-lead=""
        data-tooltip=""
      >
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
