import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { RadioGroup } from './RadioGroup.js';

describe('RadioGroup', () => {
  it('moves and chooses with the arrow keys', async () => {
    const user = userEvent.setup();
    function R() {
      const [v, setV] = useState<'landing' | 'scroll'>('landing');
      return (
        <RadioGroup
          label="Trigger"
          options={[
            { value: 'landing', label: 'On Landing' },
            { value: 'scroll', label: 'On Scroll' },
          ]}
          value={v}
          onChange={setV}
        />
      );
    }
    render(<R />);
    expect(screen.getByRole('radiogroup', { name: 'Trigger' })).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'On Landing' }));
    await user.keyboard('{ArrowDown}');
    expect((screen.getByRole('radio', { name: 'On Scroll' }) as HTMLInputElement).checked).toBe(true);
    await expectNoAxeViolations();
  });
});
