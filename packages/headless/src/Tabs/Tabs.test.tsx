import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { Tabs } from './Tabs.js';

describe('Tabs', () => {
  it('selects with arrow keys, shows the selected panel, and jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        aria-label="Filter by"
        tabs={[
          { id: 'name', label: 'by Name', content: 'names' },
          { id: 'link', label: 'by Link', content: 'links' },
          { id: 'tag', label: 'by Tag', content: 'tags' },
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'by Name' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('names');
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'by Link' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'by Link' }).textContent).toBe('links');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel').textContent).toBe('tags');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel').textContent).toBe('names');
    await expectNoAxeViolations();
  });
});
