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

  it('stableHeight keeps every panel mounted, the unselected ones inert, and what was typed in them', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Tabs
        aria-label="Client"
        stableHeight
        tabs={[
          { id: 'profile', label: 'Profile', content: <input aria-label="Name" /> },
          { id: 'sites', label: 'Sites', content: <p>Sites</p> },
        ]}
      />,
    );
    expect(container.querySelector('[data-tabs]')!.hasAttribute('data-stable-height')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Clinic');
    await user.click(screen.getByRole('tab', { name: 'Sites' }));
    const panels = [...container.querySelectorAll('[data-tab-panel]')];
    expect(panels).toHaveLength(2);
    expect(panels.map((p) => p.hasAttribute('inert'))).toEqual([true, false]);
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Clinic');
    await expectNoAxeViolations();
  });

  it('mounts only the selected panel without stableHeight', () => {
    const { container } = render(
      <Tabs
        aria-label="Client"
        tabs={[
          { id: 'a', label: 'A', content: 'a' },
          { id: 'b', label: 'B', content: 'b' },
        ]}
      />,
    );
    expect(container.querySelectorAll('[data-tab-panel]')).toHaveLength(1);
    expect(container.querySelector('[data-tabs]')!.hasAttribute('data-stable-height')).toBe(false);
  });
});
