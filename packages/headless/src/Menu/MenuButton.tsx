import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';

export interface MenuButtonItem {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** A link item: navigates instead of calling onAction. */
  href?: string;
}

export interface MenuButtonProps {
  /** The button's content. */
  children: ReactNode;
  /** The button's accessible name when its content is not text (initials, an icon). */
  'aria-label'?: string;
  items: ReadonlyArray<MenuButtonItem | 'separator'>;
  onAction?: (id: string) => void;
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end' | 'end' | 'start';
  className?: string;
}

/**
 * A button that opens a menu (the WAI-ARIA menu button pattern): Enter, Space or ArrowDown
 * opens it on the first item, ArrowUp on the last; arrows move, typing jumps, Escape closes and
 * returns focus to the button.
 */
export function MenuButton({ children, items, onAction, placement = 'bottom start', className, ...rest }: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button aria-label={rest['aria-label']} className={className} data-lead="" data-menu-button="">
        {children}
      </Button>
      <Popover placement={placement} data-lead="" data-menu-popover="">
        <Menu onAction={(key) => onAction?.(String(key))} disabledKeys={items.flatMap((i) => (i !== 'separator' && i.isDisabled ? [i.id] : []))} data-menu="">
          {items.map((item, index) =>
            item === 'separator' ? (
              <Separator key={`sep-${index}`} />
            ) : (
              <MenuItem key={item.id} id={item.id} textValue={item.label} {...(item.href ? { href: item.href } : {})} data-menu-item="">
                {item.label}
              </MenuItem>
            ),
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
