import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { ComboBox, Select } from './Select.js';

const SITES = [
  { id: 1, label: 'bacsi-online.vn', description: 'Vietnam' },
  { id: 2, label: 'mebau.vn', description: 'Vietnam' },
  { id: 3, label: 'sehatku.id', description: 'Indonesia', isDisabled: true },
];

describe('Select', () => {
  it('opens a listbox, chooses by keyboard, and shows its error', async () => {
    const user = userEvent.setup();
    function S() {
      const [v, setV] = useState<number | null>(null);
      return (
        <Select
          label="Site"
          options={SITES}
          value={v}
          onChange={setV}
          errorMessage={v === null ? 'Please select site' : null}
        />
      );
    }
    render(<S />);
    const button = screen.getByRole('button', { name: /Site/ });
    expect(screen.getByText('Please select site')).toBeTruthy();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /sehatku.id/ }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(button.textContent).toContain('mebau.vn');
    expect(screen.queryByText('Please select site')).toBeNull();
    await expectNoAxeViolations();
  });

  it("names the chosen option by its label alone, not its label run into its description ('mebau.vnVietnam')", async () => {
    const user = userEvent.setup();
    render(<Select label="Site" options={SITES} defaultValue={null} />);
    await user.click(screen.getByRole('button', { name: /Site/ }));
    await user.click(screen.getByRole('option', { name: 'mebau.vn' }));
    const button = screen.getByRole('button', { name: /Site/ });
    expect(button.textContent).not.toContain('Vietnam');
    expect(button.textContent).toContain('mebau.vn');
    await user.click(button);
    // In the list, each option is named by its label and described by its description.
    const option = screen.getByRole('option', { name: 'mebau.vn' });
    expect(document.getElementById(option.getAttribute('aria-describedby')!)?.textContent).toBe('Vietnam');
    await expectNoAxeViolations();
  });
});

describe('ComboBox', () => {
  it('filters as you type and chooses with Enter', async () => {
    const user = userEvent.setup();
    function C() {
      const [v, setV] = useState<number | null>(null);
      return (
        <>
          <ComboBox label="Client" options={SITES} value={v} onChange={setV} />
          <output aria-label="value">{String(v)}</output>
        </>
      );
    }
    render(<C />);
    await user.type(screen.getByRole('combobox', { name: 'Client' }), 'meb');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['mebau.vnVietnam']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('value').textContent).toBe('2');
    await expectNoAxeViolations();
  });
});
