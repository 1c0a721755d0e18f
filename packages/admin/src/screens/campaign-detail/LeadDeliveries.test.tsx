import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { leadDeliveries } from './deliveries.store.js';
import { LeadDeliveries } from './LeadDeliveries.js';

const lead: Parameters<typeof LeadDeliveries>[0]['lead'] = {
  id: 41,
  deliveries: [
    { destination_id: 7, state: 'delivered', last_status: 200, next_attempt_at: null, attempts: 1, last_error: null },
  ],
};

afterEach(() => {
  cleanup();
  Object.assign(leadDeliveries, { clientId: null, names: {}, loading: false });
});

describe("a lead's delivery column", () => {
  it('says the state alone while the destinations’ names load, never a destination’s number', () => {
    Object.assign(leadDeliveries, { clientId: 3, names: {}, loading: true });
    const { container } = render(<LeadDeliveries lead={lead} />);
    expect(container.textContent?.trim()).toBe('Delivered');
    expect(screen.queryByText(/Destination #/)).toBeNull();
  });

  it('names the destination once its name is known, and by its number when it is not', () => {
    Object.assign(leadDeliveries, { clientId: 3, names: { 7: { name: 'Clinic CRM', kind: 'webhook' } } });
    const { container, rerender } = render(<LeadDeliveries lead={lead} />);
    expect(container.textContent).toContain('Clinic CRM: Delivered');
    expect(screen.getByRole('button', { name: 'Resend lead #41 to Clinic CRM' })).toBeTruthy();
    Object.assign(leadDeliveries, { names: {} });
    rerender(<LeadDeliveries lead={lead} />);
    expect(container.textContent).toContain('Destination #7: Delivered');
  });
});
