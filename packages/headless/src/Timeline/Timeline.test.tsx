import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { LoadingOverlay } from '../LoadingOverlay/LoadingOverlay.js';
import { Timeline } from './Timeline.js';

const entries = [
  { id: 2, at: '2026-11-21T10:00:00+07:00', text: 'Renamed campaign' },
  { id: 1, at: '2026-11-20T09:30:00+07:00', text: 'Created campaign' },
];

describe('Timeline', () => {
  it('is a named ordered list whose items carry their time', async () => {
    render(
      <Timeline
        aria-label="System history"
        items={entries}
        getKey={(e) => e.id}
        getTime={(e) => ({ dateTime: e.at, label: e.at.slice(0, 10) })}
      >
        {(e) => <p>{e.text}</p>}
      </Timeline>,
    );
    const list = screen.getByRole('list', { name: 'System history' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['2026-11-21Renamed campaign', '2026-11-20Created campaign']);
    expect(items[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-21T10:00:00+07:00');
    expect(items[0]!.hasAttribute('data-first')).toBe(true);
    expect(items[1]!.hasAttribute('data-last')).toBe(true);
    await expectNoAxeViolations();
  });

  it('says the empty message instead of an empty list', () => {
    render(
      <Timeline
        aria-label="System history"
        items={[]}
        getKey={() => 0}
        getTime={() => ({ dateTime: '', label: '' })}
        empty="There is no history yet."
      >
        {() => null}
      </Timeline>,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('There is no history yet.');
  });
});

function Page() {
  const [loading, setLoading] = useState(true);
  return (
    <>
      <LoadingOverlay isLoading={loading} label="Loading campaigns">
        <button type="button">Inside</button>
      </LoadingOverlay>
      <button type="button" onClick={() => setLoading(false)}>
        Done
      </button>
    </>
  );
}

describe('LoadingOverlay', () => {
  it('shows a named progress bar and keeps focus out of the busy content', async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(screen.getByRole('progressbar', { name: 'Loading campaigns' })).toBeTruthy();
    const content = screen.getByText('Inside').closest('[data-loading-content]')!;
    expect(content.getAttribute('aria-busy')).toBe('true');
    expect(content.hasAttribute('inert')).toBe(true);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(content.getAttribute('aria-busy')).toBe('false');
    expect(content.hasAttribute('inert')).toBe(false);
  });
});
