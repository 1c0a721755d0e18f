import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { MenuButton } from './MenuButton.js';

describe('MenuButton', () => {
  it('opens with the keyboard on the first item, moves with arrows, chooses with Enter and returns focus', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <MenuButton
        aria-label="Account menu of Lan Anh"
        items={[
          { id: 'setting', label: 'Setting' },
          { id: 'history', label: 'System History' },
          'separator',
          { id: 'logout', label: 'Log out' },
        ]}
        onAction={onAction}
      >
        LA
      </MenuButton>,
    );
    const button = screen.getByRole('button', { name: 'Account menu of Lan Anh' });
    expect(button.getAttribute('aria-haspopup')).toBe('true');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Setting');
    await expectNoAxeViolations();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('logout');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
