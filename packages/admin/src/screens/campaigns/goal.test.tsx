import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GoalProgress, rowProps, TOTALS_ROW_ID, totalsRow } from './columns.js';
import type { CampaignListRow } from '@lead/contract';

afterEach(cleanup);

describe('the Report view’s leads goal', () => {
  it('is a progressbar named by the campaign and valued by its words', () => {
    render(<GoalProgress billable={312} goal={500} name="Heart week" />);
    const bar = screen.getByRole('progressbar', { name: 'Leads goal of Heart week' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('500');
    expect(bar.getAttribute('aria-valuenow')).toBe('312');
    expect(bar.getAttribute('aria-valuetext')).toBe('312 of 500 leads');
    expect(bar.querySelector('span')!.style.width).toBe('62%');
    // The words for the eye, said once by the bar to screen readers.
    expect(screen.getByText('312 of 500').getAttribute('aria-hidden')).toBe('true');
  });

  it('stays within its range past the goal, and is marked reached', () => {
    render(<GoalProgress billable={1200} goal={1000} name="Lung" />);
    const bar = screen.getByRole('progressbar', { name: 'Leads goal of Lung' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1000');
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 of 1,000 leads');
    expect(bar.hasAttribute('data-reached')).toBe(true);
  });

  it('shows the leads alone, with no bar, for a campaign with no goal', () => {
    render(<GoalProgress billable={45} goal={null} name="Open" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('45')).toBeTruthy();
  });
});

describe('the totals row', () => {
  it('is named by the count of campaigns and marked as the totals', () => {
    const row = totalsRow({ total_impression: 10, total_lead: 2 } as Parameters<typeof totalsRow>[0], 1234);
    expect(row.id).toBe(TOTALS_ROW_ID);
    expect(row.name).toBe('Total of 1,234 campaigns');
    expect(rowProps(row)).toEqual({ 'data-totals': '' });
    expect(rowProps({ ...row, id: 7 } as CampaignListRow)).toEqual({});
  });
});
