import type { ReactNode } from 'react';
import { Switch as AriaSwitch } from 'react-aria-components';

export interface SwitchProps {
  children: ReactNode;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  className?: string;
}

/** An on/off switch (role `switch`): Space toggles. The track is `[data-switch-track]`. */
export function Switch({ children, isSelected, onChange, isDisabled, className }: SwitchProps) {
  return (
    <AriaSwitch isSelected={isSelected} onChange={onChange} isDisabled={isDisabled ?? false} className={className} data-lead="" data-switch="">
      <span aria-hidden="true" data-switch-track="">
        <span data-switch-thumb="" />
      </span>
      {children}
    </AriaSwitch>
  );
}
