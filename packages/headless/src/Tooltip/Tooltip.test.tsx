import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { Tooltip } from './Tooltip.js';

describe('Tooltip', () => {
  it('shows on keyboard focus, describes its trigger, and hides with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Copy the campaign code">
        <Button aria-label="Copy code">⧉</Button>
      </Tooltip>,
    );
    await user.tab();
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Copy the campaign code');
    expect(screen.getByRole('button', { name: 'Copy code' }).getAttribute('aria-describedby')).toBe(tip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
