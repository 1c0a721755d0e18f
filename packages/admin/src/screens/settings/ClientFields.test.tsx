import { clientErrors, type ClientPayload } from '@lead/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTouched } from '../../lib/form.js';
import { ClientBilling } from './ClientBilling.js';
import { ClientProfile, ClientSites } from './ClientFields.js';
import { StillNeeded } from './shared.js';

afterEach(cleanup);

/** The client form's tabs as the Add client dialog and the client page put them together. */
function Harness() {
  const [p, setP] = useState<ClientPayload>({ name: '', manager_id: null, site_ids: [1] });
  const errors = clientErrors(p);
  const touched = useTouched(errors);
  const set = <K extends keyof ClientPayload>(key: K, value: ClientPayload[K]) =>
    setP((was) => ({ ...was, [key]: value }));
  return (
    <>
      <ClientSites payload={p} sites={[{ id: 1, name: 'bacsi-online.vn' }]} touched={touched} set={set} />
      <ClientProfile payload={p} managers={[{ id: 5, name: 'Lan Pham' }]} touched={touched} set={set} />
      <ClientBilling payload={p} touched={touched} set={set} />
      <button type="button" disabled={Boolean(errors)}>
        Save
      </button>
      <StillNeeded errors={errors} />
    </>
  );
}

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);
const fieldErrors = () =>
  [...document.querySelectorAll('[data-field-error]')].map((e) => e.textContent).filter(Boolean);

describe('the client form’s fields', () => {
  it('say nothing under a field before it is left, and its message under it once it is', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(fieldErrors()).toEqual([]);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.click(name);
    await user.tab();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toContain('The name field is required.');
    await user.type(name, 'Heartline');
    expect(name.getAttribute('aria-invalid')).toBeNull();

    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-mail');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(describedBy(email)).toContain('The email must be a valid email address.');
  });

  it('says under Sites that one is needed once the last is unticked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'bacsi-online.vn' }));
    expect(screen.getByRole('group', { name: /Sites/ }).querySelector('[data-field-error]')?.textContent).toBe(
      'The sites must have at least 1 item.',
    );
  });

  it('keeps Save disabled with a visible list of what it still needs', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    const needed = screen.getByRole('list', { name: 'Still needed' });
    expect([...needed.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'The name field is required.',
      'The account manager field is required.',
    ]);
  });
});
