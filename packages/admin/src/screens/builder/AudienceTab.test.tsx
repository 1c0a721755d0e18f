import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSourceCondition, setAudience, setSourceCondition } from './audience.actions.js';
import { AudienceTab } from './AudienceTab.js';
import { startCreate } from './save.js';
import { builder } from './state.js';
import { builderErrors } from './validation.js';
import { toPayload } from './wire.js';

beforeEach(() => {
  startCreate(new URLSearchParams({ campaignName: 'Heart', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
});
afterEach(cleanup);

describe('the Audience tab', () => {
  it('saves no audience until one is set, and none again once it lets everyone through', () => {
    expect(toPayload(builder).extra_fields).not.toHaveProperty('audience');
    setAudience({ minPages: 2 });
    expect(toPayload(builder).extra_fields.audience).toEqual({
      v: 1,
      sources: [],
      visitor: 'any',
      minPages: 2,
      percent: 100,
    });
    setAudience({ minPages: 1 });
    expect(toPayload(builder).extra_fields).not.toHaveProperty('audience');
  });

  it('edits source conditions, visitors, pages and share, each control labelled', async () => {
    render(<AudienceTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Add source condition' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Condition 1: value' }), { target: { value: 'zalo' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Returning' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Pages read in this visit, at least' }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Show to % of eligible visitors' }), {
      target: { value: '50' },
    });
    expect(toPayload(builder).extra_fields.audience).toEqual({
      v: 1,
      sources: [{ field: 'utm_source', op: 'equals', value: 'zalo' }],
      visitor: 'returning',
      minPages: 2,
      percent: 50,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove condition 1' }));
    expect(toPayload(builder).extra_fields.audience?.sources).toEqual([]);
  });

  it("shows the save rule's message for a bad value", async () => {
    addSourceCondition();
    setSourceCondition(0, { field: 'referrer_host', op: 'contains', value: 'google' });
    expect(builderErrors(builder)['extra_fields.audience']).toBeUndefined();
    setAudience({ percent: 0 });
    render(<AudienceTab />);
    expect(await screen.findByText('The share of visitors must be a whole number from 1 to 100.')).toBeTruthy();
  });
});
