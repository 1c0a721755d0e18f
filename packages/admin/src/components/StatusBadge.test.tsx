import { CAMPAIGN_STATUS_LABELS, CampaignStatus } from '@lead/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './StatusBadge.js';

describe('StatusBadge', () => {
  afterEach(cleanup);

  it.each(Object.values(CampaignStatus))(
    'shows status %s in the contract’s word, with a colour of its own',
    (status) => {
      render(<StatusBadge status={status} />);
      const badge = screen.getByText(CAMPAIGN_STATUS_LABELS[status]);
      expect(badge.hasAttribute('data-status-badge')).toBe(true);
      expect(badge.dataset.status).toMatch(/^[a-z-]+$/);
    },
  );

  it('gives every status a different colour', () => {
    const keys = Object.values(CampaignStatus).map((status) => {
      const { container } = render(<StatusBadge status={status} />);
      return container.querySelector<HTMLElement>('[data-status-badge]')!.dataset.status;
    });
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads Paused for a paused campaign, and Schedule for an A/B test waiting for its start', () => {
    render(
      <>
        <StatusBadge status={CampaignStatus.Paused} />
        <StatusBadge status={CampaignStatus.AbTest} isSchedule />
      </>,
    );
    expect(screen.getByText('Paused').dataset.status).toBe('paused');
    expect(screen.getByText('Schedule').dataset.status).toBe('schedule');
  });
});
