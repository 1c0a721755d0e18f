import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { Button } from './Button.js';

describe('Button', () => {
  it('is a button with its variant as data-button, pressed by click, Enter or Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <>
        <Button variant="primary" onPress={onPress}>
          Save
        </Button>
        <Button>Cancel</Button>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.getAttribute('data-button')).toBe('primary');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('data-button')).toBe('secondary');
    await user.click(save);
    save.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
    await expectNoAxeViolations();
  });

  it('passes react-aria props, a ref and data-* attributes to the <button>', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} isDisabled data-testid="danger" variant="danger" type="submit">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(ref.current).toBe(button);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('data-testid')).toBe('danger');
    expect(button.getAttribute('type')).toBe('submit');
  });
});
