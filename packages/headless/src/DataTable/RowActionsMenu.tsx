import { useState, type Ref } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, type ButtonProps } from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';
import type { RowAction } from './DataTable.js';

export interface RowActionsMenuProps extends Omit<ButtonProps, 'children'> {
  /** The menu's actions, in order; none renders nothing. */
  actions: RowAction[];
  /** The button's and the menu's accessible name ("Actions for Spring sale"). */
  label: string;
  /** Called with the chosen item's id. */
  onAction: (id: string) => void;
  /** The "more" `<button>` (the root). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The "more" button of a row and its menu (the WAI-ARIA menu button pattern). The menu is
 * rendered only while open: closed, react-aria would build its collection in a hidden tree on
 * every render, for every row of the table.
 */
export function RowActionsMenu({ actions, label, onAction, className, ...props }: RowActionsMenuProps) {
  const [isOpen, setOpen] = useState(false);
  if (actions.length === 0) return null;
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button
        {...props}
        aria-label={label}
        className={keepDefaultClass(className)}
        data-lead=""
        data-row-actions-button=""
      >
        <span aria-hidden="true">⋯</span>
      </Button>
      {isOpen ? (
        <Popover data-lead="" data-row-actions-popover="" placement="bottom end">
          <Menu
            aria-label={label}
            onAction={(key) => onAction(String(key))}
            disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}
          >
            {actions.map((a) => (
              <MenuItem key={a.id} id={a.id} textValue={a.label}>
                {a.label}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      ) : null}
    </MenuTrigger>
  );
}
