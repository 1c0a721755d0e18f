import type { FormBlock } from '@lead/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dropoffRows, formatShare } from './dropoff.js';
import { DropoffFigures } from './FormDropoff.js';

const forms: FormBlock[] = [
  { name: 'Title', id: 't', data: { placeholder: 'Check your heart' } },
  { name: 'Text', id: 'n', data: { value: 'name', placeholder: 'Full name' } },
  { name: 'Email', id: 'e', data: { value: 'email', placeholder: 'Email' } },
  { name: 'Tel', id: 'h', data: { value: 'source' } },
  { name: 'Phone', id: 'p', data: { value: 'phone' } },
  { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
];
const figures = {
  started: 8,
  fields: [
    { field: 1, started: 6, dropped: 1 },
    { field: 2, started: 2, dropped: 2 },
    // A field the form no longer has (edited since): not shown.
    { field: 9, started: 0, dropped: 3 },
  ],
};

afterEach(cleanup);

describe('where visitors give up', () => {
  it('lists the fields a visitor can reach, in the form’s order, each with its leaves and share of the starts', () => {
    expect(dropoffRows(forms, figures)).toEqual([
      { field: 1, label: 'Full name', dropped: 1, share: 0.125 },
      { field: 2, label: 'Email', dropped: 2, share: 0.25 },
      { field: 4, label: 'phone', dropped: 0, share: 0 },
    ]);
    expect(dropoffRows(forms, { started: 0, fields: [] }).map((r) => r.share)).toEqual([0, 0, 0]);
    expect([0, 0.025, 0.125, 0.25, 1].map(formatShare)).toEqual(['0%', '2.5%', '13%', '25%', '100%']);
  });

  it('says each field’s figures in words beside its bar, which a screen reader skips', () => {
    render(<DropoffFigures forms={forms} figures={figures} />);
    expect(
      screen.getByText('8 visitors started the form (all time). Of them, left unsent at each field:'),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Visitors who left the form at each field' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Full name1 left here, 13% of 8 who started',
      'Email2 left here, 25% of 8 who started',
      'phone0 left here, 0% of 8 who started',
    ]);
    const bar = items[1]!.querySelector<HTMLElement>('[aria-hidden="true"]')!;
    expect(bar.firstElementChild!.getAttribute('style')).toContain('width: 25%');
  });

  it('says when the pop-up has no field, and while the figures load', () => {
    render(<DropoffFigures forms={[forms[0]!, forms[5]!]} figures={figures} />);
    expect(screen.getByText('The pop-up has no form field.')).toBeTruthy();
    cleanup();
    render(<DropoffFigures forms={forms} figures={null} />);
    expect(screen.getByText('Loading the form’s figures…')).toBeTruthy();
  });
});
