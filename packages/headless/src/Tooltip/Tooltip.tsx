import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

export interface TooltipProps {
  /** One focusable element (a react-aria Button or Link) that the tooltip describes. */
  children: ReactElement;
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  delay?: number;
}

/**
 * A tooltip (the WAI-ARIA tooltip pattern): shown on hover after a delay and at once on keyboard
 * focus, hidden by Escape or blur, and linked to its trigger by aria-describedby.
 */
export function Tooltip({ children, content, placement = 'top', delay = 600 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <AriaTooltip placement={placement} offset={6} data-lead="" data-tooltip="">
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
