import type { ReactNode, Ref } from 'react';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { keepDefaultClass } from '../internal/compose.js';

export interface MenuButtonItem {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** A link item: navigates instead of calling onAction. */
  href?: string;
}

export interface MenuButtonProps extends Omit<AriaButtonProps, 'children'> {
  /** The button's content. */
  children: ReactNode;
  /** The menu's items, in order; 'separator' draws a line. */
  items: ReadonlyArray<MenuButtonItem | 'separator'>;
  /** Called with the chosen item's id. */
  onAction?: (id: string) => void;
  /** Where the menu opens, from the button ("bottom start"). */
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end' | 'end' | 'start';
  /** The menu is open, controlled. */
  isOpen?: boolean;
  /** The menu is open at first, uncontrolled. */
  defaultOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** The `<button>` (the root): DOM props, `className` and `style` are its. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that opens a menu (the WAI-ARIA menu button pattern): Enter, Space or ArrowDown
 * opens it on the first item, ArrowUp on the last; arrows move, typing jumps, Escape closes and
 * returns focus to the button.
 */
export function MenuButton({
  children,
  items,
  onAction,
  placement = 'bottom start',
  isOpen,
  defaultOpen,
  onOpenChange,
  className,
  ...props
}: MenuButtonProps) {
  return (
    <MenuTrigger
      {...(isOpen !== undefined ? { isOpen } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <Button {...props} className={keepDefaultClass(className)} data-lead="" data-menu-button="">
        {children}
      </Button>
      <Popover placement={placement} data-lead="" data-menu-popover="">
        <Menu
          onAction={(key) => onAction?.(String(key))}
          disabledKeys={items.flatMap((i) => (i !== 'separator' && i.isDisabled ? [i.id] : []))}
          data-menu=""
        >
          {items.map((item, index) =>
            item === 'separator' ? (
              <Separator key={`sep-${index}`} />
            ) : (
              <MenuItem
                key={item.id}
                id={item.id}
                textValue={item.label}
                {...(item.href ? { href: item.href } : {})}
                data-menu-item=""
              >
                {item.label}
              </MenuItem>
            ),
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
