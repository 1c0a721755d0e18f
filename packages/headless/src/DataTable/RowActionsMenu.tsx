import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { RowAction } from './DataTable.js';

interface RowActionsMenuProps {
  actions: RowAction[];
  label: string;
  onAction: (id: string) => void;
}

/** The "more" button of a row and its menu (the WAI-ARIA menu button pattern). */
export function RowActionsMenu({ actions, label, onAction }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <MenuTrigger>
      <Button aria-label={label} data-lead="" data-row-actions-button="">
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover data-lead="" data-row-actions-popover="" placement="bottom end">
        <Menu aria-label={label} onAction={(key) => onAction(String(key))} disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}>
          {actions.map((a) => (
            <MenuItem key={a.id} id={a.id} textValue={a.label}>
              {a.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
