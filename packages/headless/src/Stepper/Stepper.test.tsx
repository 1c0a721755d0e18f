import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { Stepper, StepperNav } from './Stepper.js';
import { useStepper, type StepperMode } from './useStepper.js';

type Id = 'target' | 'template' | 'trigger';

function Builder({
  mode,
  initiallyValid = false,
  templateValid = true,
}: {
  mode: StepperMode;
  initiallyValid?: boolean;
  templateValid?: boolean;
}) {
  const [valid, setValid] = useState(initiallyValid);
  const state = useStepper<Id>({
    mode,
    steps: [
      { id: 'target', label: 'TARGET', isValid: valid },
      { id: 'template', label: 'TEMPLATE', isValid: templateValid },
      { id: 'trigger', label: 'TRIGGER', isValid: true },
    ],
  });
  return (
    <>
      <Stepper state={state} aria-label="Campaign steps" />
      <label>
        <input type="checkbox" checked={valid} onChange={(e) => setValid(e.target.checked)} /> Target is set
      </label>
      <StepperNav state={state} finish={<button type="button">Comfirm</button>} />
    </>
  );
}

const stepButton = (name: RegExp) => screen.getByRole('button', { name });

describe('Stepper, linear', () => {
  it('marks the current step with aria-current and announces it', () => {
    render(<Builder mode="linear" />);
    expect(screen.getByRole('navigation', { name: 'Campaign steps' })).toBeTruthy();
    expect(stepButton(/TARGET/).getAttribute('aria-current')).toBe('step');
    expect(stepButton(/TEMPLATE/).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Step 1 of 3: TARGET');
  });

  it('keeps Next disabled while the step is invalid, then goes on by keyboard', async () => {
    const user = userEvent.setup();
    render(<Builder mode="linear" />);
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Target is set' }));
    expect(next.hasAttribute('disabled')).toBe(false);
    next.focus();
    await user.keyboard('{Enter}');
    expect(stepButton(/TEMPLATE/).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('status').textContent).toBe('Step 2 of 3: TEMPLATE');
  });

  it('keeps focus in the navigation when Next lands on an invalid step: on Back, never on the page', async () => {
    const user = userEvent.setup();
    render(<Builder mode="linear" initiallyValid templateValid={false} />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('Step 2 of 3: TEMPLATE');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
  });

  it('moves focus to the finish button when Next reaches the last step', async () => {
    const user = userEvent.setup();
    render(<Builder mode="linear" initiallyValid />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Comfirm' }));
  });

  it('does not let a later step be chosen directly, but an earlier one can', async () => {
    const user = userEvent.setup();
    render(<Builder mode="linear" initiallyValid />);
    expect(stepButton(/TRIGGER/).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(stepButton(/TARGET/));
    expect(stepButton(/TARGET/).getAttribute('aria-current')).toBe('step');
  });

  it('shows the finish action on the last step and Back goes back', async () => {
    const user = userEvent.setup();
    render(<Builder mode="linear" initiallyValid />);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Comfirm' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepButton(/TEMPLATE/).getAttribute('aria-current')).toBe('step');
  });

  it('exposes its state as data attributes', () => {
    render(<Builder mode="linear" />);
    const item = stepButton(/TARGET/).closest('li')!;
    expect(item.hasAttribute('data-current')).toBe(true);
    expect(item.hasAttribute('data-invalid')).toBe(true);
    expect(
      stepButton(/TRIGGER/)
        .closest('li')!
        .hasAttribute('data-disabled'),
    ).toBe(true);
  });

  it('has no axe violations', async () => {
    render(<Builder mode="linear" />);
    await expectNoAxeViolations();
  });
});

describe('Stepper, free', () => {
  it('lets any step be chosen, by keyboard', async () => {
    const user = userEvent.setup();
    render(<Builder mode="free" />);
    expect(stepButton(/TRIGGER/).hasAttribute('disabled')).toBe(false);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(stepButton(/TRIGGER/));
    await user.keyboard(' ');
    expect(stepButton(/TRIGGER/).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('status').textContent).toBe('Step 3 of 3: TRIGGER');
  });

  it('has no axe violations', async () => {
    render(<Builder mode="free" />);
    await expectNoAxeViolations();
  });
});
