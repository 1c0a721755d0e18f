import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { ToastRegion, createToastQueue, showToast } from './Toast.js';

describe('ToastRegion', () => {
  it('shows a queued toast with its title, description and tone, in a named region', async () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => {
      showToast(
        queue,
        { tone: 'error', title: 'Something wrong!', description: 'Please try again or contact admin!' },
        { timeout: 0 },
      );
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    const toast = within(region).getByRole('alertdialog');
    expect(toast.textContent).toContain('Something wrong!');
    expect(toast.textContent).toContain('Please try again or contact admin!');
    expect(toast.getAttribute('data-tone')).toBe('error');
    await expectNoAxeViolations();
  });

  it('closes a toast with its close button', async () => {
    const user = userEvent.setup();
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} />);
    act(() => {
      showToast(queue, { tone: 'success', title: 'Saved!' }, { timeout: 0 });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows at most the queue’s limit at once, the rest after', async () => {
    const queue = createToastQueue({ maxVisibleToasts: 2 });
    render(<ToastRegion queue={queue} />);
    const keys: string[] = [];
    act(() => {
      for (const title of ['one', 'two', 'three']) keys.push(showToast(queue, { tone: 'info', title }, { timeout: 0 }));
    });
    const titles = () =>
      screen.getAllByRole('alertdialog').map((t) => ['one', 'two', 'three'].find((n) => t.textContent?.includes(n)));
    const shown = titles();
    expect(shown).toHaveLength(2);
    const waiting = ['one', 'two', 'three'].find((n) => !shown.includes(n))!;
    act(() => queue.close(keys[['one', 'two', 'three'].indexOf(shown[0]!)]!));
    expect(titles()).toHaveLength(2);
    expect(titles()).toContain(waiting);
  });
});
