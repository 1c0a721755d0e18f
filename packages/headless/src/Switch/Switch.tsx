import type { ReactNode, Ref } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  /** The label, beside the box. */
  children: ReactNode;
  /** The `<label>` element that is the switch's root. */
  ref?: Ref<HTMLLabelElement>;
}

/**
 * An on/off switch (role `switch`): Space toggles. Controlled (`isSelected`, `onChange`) or not
 * (`defaultSelected`). The track is `[data-switch-track]`.
 */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={keepDefaultClass(className)} data-lead="" data-switch="">
      <span aria-hidden="true" data-switch-track="">
        <span data-switch-thumb="" />
      </span>
      {children}
    </AriaSwitch>
  );
}
