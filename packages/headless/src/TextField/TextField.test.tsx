import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { TextField } from './TextField.js';

describe('TextField', () => {
  it('links its label, description and error, and marks itself invalid', async () => {
    const user = userEvent.setup();
    function T() {
      const [v, setV] = useState('');
      return (
        <TextField
          label="Email"
          type="email"
          value={v}
          onChange={setV}
          isRequired
          description="Your work address"
          errorMessage={v && !v.includes('@') ? 'Email is not valid' : null}
        />
      );
    }
    render(<T />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.type(input, 'abc');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Email is not valid');
    expect(described).toContain('Your work address');
    await expectNoAxeViolations();
  });

  it('renders a textarea when given rows', () => {
    render(<TextField label="Terms" rows={4} value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Terms' }).tagName).toBe('TEXTAREA');
  });
});
