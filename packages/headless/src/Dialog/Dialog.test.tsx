import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { ConfirmDialog, Dialog } from './Dialog.js';

function Confirm() {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('');
  return (
    <>
      <Button onPress={() => setOpen(true)}>Delete</Button>
      <ConfirmDialog
        isOpen={open}
        title="Do you want delete campaign?"
        message="You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        tone="danger"
        onConfirm={() => {
          setAnswer('yes');
          setOpen(false);
        }}
        onCancel={() => {
          setAnswer('no');
          setOpen(false);
        }}
      />
      <output aria-label="answer">{answer}</output>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks in an alertdialog named by its title, starts on Cancel, and returns focus', async () => {
    const user = userEvent.setup();
    render(<Confirm />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: 'Do you want delete campaign?' });
    expect(dialog.textContent).toContain("You won't be able to revert this!");
    expect(document.activeElement?.textContent).toBe('Cancel');
    await expectNoAxeViolations(dialog);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('answer').textContent).toBe('no');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(screen.getByLabelText('answer').textContent).toBe('yes');
  });
});

describe('Dialog', () => {
  it('traps focus inside and closes with its Close button', async () => {
    const user = userEvent.setup();
    function D() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          isOpen={open}
          onOpenChange={setOpen}
          title="Rename"
          footer={<Button onPress={() => setOpen(false)}>Save</Button>}
        >
          <input aria-label="Name" />
        </Dialog>
      );
    }
    render(<D />);
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
