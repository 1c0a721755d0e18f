import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { DateRangePicker } from './DateRangePicker.js';
import type { DayRange } from './presets.js';

const TODAY = Temporal.PlainDate.from('2026-11-21');
const show = (r: DayRange | null) => (r ? `${r.start.toString()}..${r.end.toString()}` : 'none');

function Field({ initial = null as DayRange | null, reportBackwards = false }) {
  const [range, setRange] = useState<DayRange | null>(initial);
  // With reportBackwards the consumer says why a backwards range cannot be used.
  const backwards = reportBackwards && range !== null && Temporal.PlainDate.compare(range.start, range.end) > 0;
  return (
    <>
      <DateRangePicker
        label="Performance date"
        value={range}
        onChange={setRange}
        today={TODAY}
        reportBackwards={reportBackwards}
        errorMessage={backwards ? 'Start Date must be less than End Date' : undefined}
      />
      <output data-testid="value">{show(range)}</output>
    </>
  );
}

describe('DateRangePicker', () => {
  it('shows the range as DD/MM/YYYY segments under one label', () => {
    render(
      <Field initial={{ start: Temporal.PlainDate.from('2026-11-02'), end: Temporal.PlainDate.from('2026-11-15') }} />,
    );
    const group = screen.getByRole('group', { name: 'Performance date' });
    const segments = within(group).getAllByRole('spinbutton');
    expect(segments.map((s) => s.textContent)).toEqual(['02', '11', '2026', '15', '11', '2026']);
    const labels = segments.map((s) => s.getAttribute('aria-label') ?? '');
    expect(labels.slice(0, 3).every((l) => l.includes('Start Date'))).toBe(true);
    expect(labels.slice(3).every((l) => l.includes('End Date'))).toBe(true);
  });

  it('takes a typed start and end', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const [day] = within(screen.getByRole('group', { name: 'Performance date' })).getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('05032026' + '20032026');
    expect(screen.getByTestId('value').textContent).toBe('2026-03-05..2026-03-20');
  });

  it('opens a dialog with two month columns and the presets, by keyboard, and a preset sets the range', async () => {
    const user = userEvent.setup();
    render(<Field />);
    screen.getByRole('button', { name: /Open calendar/ }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Performance date' });
    expect(within(dialog).getAllByRole('grid')).toHaveLength(2);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Today',
        'Yesterday',
        'This week',
        'Last week',
        'Last 14 days',
        'This month',
        'Last 30 days',
      ]),
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Last week' }));
    expect(screen.getByTestId('value').textContent).toBe('2026-11-09..2026-11-15');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks the preset that matches the range', async () => {
    const user = userEvent.setup();
    render(
      <Field initial={{ start: Temporal.PlainDate.from('2026-11-01'), end: Temporal.PlainDate.from('2026-11-30') }} />,
    );
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    expect(screen.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('picks a range in the calendar, start then end', async () => {
    const user = userEvent.setup();
    render(<Field initial={{ start: TODAY, end: TODAY }} />);
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getAllByRole('button', { name: /3 November 2026/ })[0]!);
    await user.click(within(dialog).getAllByRole('button', { name: /10 November 2026/ })[0]!);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-03..2026-11-10');
  });

  it('never reports an end before the start: it says so instead', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const [day] = within(screen.getByRole('group', { name: 'Performance date' })).getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('20032026' + '05032026');
    expect(screen.getByTestId('value').textContent).toBe('none');
    expect(screen.getByText('The end date must not be before the start date.')).toBeTruthy();
  });

  it('reports an end before the start with reportBackwards, for the consumer to refuse with its own words', async () => {
    const user = userEvent.setup();
    render(<Field reportBackwards />);
    const [day] = within(screen.getByRole('group', { name: 'Performance date' })).getAllByRole('spinbutton');
    await user.click(day!);
    await user.keyboard('20032026' + '05032026');
    expect(screen.getByTestId('value').textContent).toBe('2026-03-20..2026-03-05');
    expect(screen.getByText('Start Date must be less than End Date')).toBeTruthy();
    expect(screen.queryByText('The end date must not be before the start date.')).toBeNull();
  });

  it('clears the end-before-start error when a preset is chosen, even one equal to the range in force', async () => {
    const user = userEvent.setup();
    const lastWeek = { start: Temporal.PlainDate.from('2026-11-09'), end: Temporal.PlainDate.from('2026-11-15') };
    render(<Field initial={lastWeek} />);
    const group = screen.getByRole('group', { name: 'Performance date' });
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard('20032026' + '05032026');
    expect(screen.getByText('The end date must not be before the start date.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Last week' }));
    expect(screen.getByTestId('value').textContent).toBe('2026-11-09..2026-11-15');
    const segments = within(group).getAllByRole('spinbutton');
    expect(segments.map((s) => s.textContent)).toEqual(['09', '11', '2026', '15', '11', '2026']);
    expect(segments.filter((s) => s.getAttribute('aria-invalid') === 'true')).toHaveLength(0);
    expect(screen.queryByText('The end date must not be before the start date.')).toBeNull();
  });

  it('has no axe violations when closed', async () => {
    render(<Field />);
    await expectNoAxeViolations();
  });
});
