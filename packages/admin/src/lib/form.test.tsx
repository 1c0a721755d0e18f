import { TextField } from '@lead/headless/TextField';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { shownError, useTouched } from './form.js';

afterEach(cleanup);

describe('shownError', () => {
  it.each([
    ['Email is not valid', false, false, null],
    ['Email is not valid', true, false, 'Email is not valid'],
    ['Email is not valid', false, true, 'Email is not valid'],
    ['Email is not valid', true, true, 'Email is not valid'],
    [null, true, true, null],
    [undefined, false, true, null],
    ['', true, true, null],
  ])('error %j, touched %j, submitted %j: shows %j', (error, touched, submitted, shown) => {
    expect(shownError(error, touched, submitted)).toBe(shown);
  });
});

/** A form of one e-mail field and a name, with the rule's messages, and what a submit let through. */
function Form({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const form = useTouched({
    email: /^\S+@\S+\.\S+$/.test(email) ? null : 'Email is not valid',
    name: name.trim() ? null : ['Name is required', 'ignored'],
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (form.submit()) onSent(email);
      }}
    >
      <TextField label="Email" value={email} onChange={setEmail} {...form.field('email')} />
      <TextField label="Name" value={name} onChange={setName} {...form.field('name')} />
      <button type="submit">Send</button>
    </form>
  );
}

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe('useTouched with the headless TextField', () => {
  it('shows no message before anything is typed, nor while typing, and one under the field once it is left', async () => {
    const user = userEvent.setup();
    render(<Form onSent={() => undefined} />);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Email is not valid')).toBeNull();
    await user.click(email);
    await user.keyboard('ann@');
    expect(screen.queryByText('Email is not valid')).toBeNull();
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toEqual(['Email is not valid']);
    // Under the field: the message follows the input in the field's own box.
    const message = screen.getByText('Email is not valid');
    expect(email.closest('[data-field]')!.contains(message)).toBe(true);
    expect(email.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The field not left yet keeps quiet.
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(email);
    await user.keyboard('x.vn');
    expect(screen.queryByText('Email is not valid')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows every message on submit and does not send; sends once they are fixed', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<Form onSent={(e) => sent.push(e)} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual([]);
    const email = screen.getByRole('textbox', { name: 'Email' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(describedBy(email)).toEqual(['Email is not valid']);
    expect(describedBy(name)).toEqual(['Name is required']);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'ann@x.vn');
    await user.type(name, 'Ann');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual(['ann@x.vn']);
  });
});
