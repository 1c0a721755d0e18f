import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { pass, userWithFakeTimers } from '../../test/timers.js';
import { CheckboxMenu } from './CheckboxMenu.js';
import { CheckboxPicker } from './CheckboxPicker.js';
import { DebouncedSearchField } from './DebouncedSearchField.js';
import { TagInput } from './TagInput.js';
import { useFilterPanel } from './useFilterPanel.js';

function Tags({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagInput label="by Tag" value={tags} onChange={setTags} />;
}

describe('TagInput', () => {
  it('adds the trimmed text with Enter or the Add button, and ignores empty text and duplicates', async () => {
    const user = userEvent.setup();
    render(<Tags />);
    const field = screen.getByRole('textbox', { name: 'by Tag' });
    await user.type(field, '  nutrition {Enter}');
    expect(screen.getByRole('row', { name: 'nutrition' })).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    await user.type(field, 'heart');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('row', { name: 'heart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(true);
    await user.type(field, 'heart{Enter}');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('heart is already added.')).toBeTruthy();
  });

  it('removes a tag with its button, or with Backspace on the focused tag', async () => {
    const user = userEvent.setup();
    render(<Tags initial={['a', 'b', 'c']} />);
    await user.click(screen.getByRole('button', { name: 'Remove b' }));
    expect(screen.queryByRole('row', { name: 'b' })).toBeNull();
    screen.getByRole('row', { name: 'a' }).focus();
    await user.keyboard('{Backspace}');
    expect(screen.getAllByRole('row').map((r) => r.textContent?.replace('×', ''))).toEqual(['c']);
  });

  it('has no axe violations', async () => {
    render(<Tags initial={['nutrition']} />);
    await expectNoAxeViolations();
  });
});

const STATUS = [
  { id: 1, label: 'Active' },
  { id: -1, label: 'Inactive' },
  { id: 3, label: 'Expired' },
];

function Statuses({ onChange }: { onChange?: (v: number[]) => void }) {
  const [value, setValue] = useState(STATUS.map((s) => s.id));
  return (
    <CheckboxMenu
      label="Status"
      options={STATUS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

describe('CheckboxMenu', () => {
  it('starts with everything checked, All included, and opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Statuses />);
    const button = screen.getByRole('button', { name: 'Status: All' });
    button.focus();
    await user.keyboard('{Enter}');
    // The menu is named by its button.
    const menu = screen.getByRole('menu', { name: 'Status: All' });
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['All', 'true'],
      ['Active', 'true'],
      ['Inactive', 'true'],
      ['Expired', 'true'],
    ]);
    // Focus starts on the first item, All, though every item is checked.
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await expectNoAxeViolations();
  });

  it('names each item by its label and describes it by its description', async () => {
    const user = userEvent.setup();
    const sites = [
      { id: 1, label: 'bacsi-online.vn', description: 'Vietnamese health news' },
      { id: 2, label: 'hellosuckhoe.id' },
    ];
    render(<CheckboxMenu label="Site" options={sites} value={[1, 2]} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Site: All' }));
    const first = screen.getByRole('menuitemcheckbox', { name: 'bacsi-online.vn' });
    expect(first.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(first.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Vietnamese health news',
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'hellosuckhoe.id' }).hasAttribute('aria-describedby')).toBe(
      false,
    );
    await expectNoAxeViolations();
  });

  it("shows an option's content (a badge) in place of its label, still named by the label", async () => {
    const user = userEvent.setup();
    const options = [{ id: 1, label: 'Active', content: <span data-testid="badge">Active</span> }];
    render(<CheckboxMenu label="Status" options={options} value={[1]} onChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Status: All' }));
    const item = screen.getByRole('menuitemcheckbox', { name: 'Active' });
    expect(within(item).getByTestId('badge')).toBeTruthy();
  });

  it('says All while it has no options yet (they are loading), so that its width does not change when they come', () => {
    const { rerender } = render(<CheckboxMenu label="Site" options={[]} value={[]} onChange={() => {}} />);
    expect(screen.getByRole('button').textContent).toBe('Site: All');
    rerender(<CheckboxMenu label="Site" options={STATUS} value={[STATUS[0]!.id]} onChange={() => {}} />);
    expect(screen.getByRole('button').textContent).toBe('Site: 1');
  });

  it('unchecks one option, stays open, and All then unchecks or checks everything', async () => {
    const user = userEvent.setup();
    const seen: number[][] = [];
    render(<Statuses onChange={(v) => seen.push(v)} />);
    await user.click(screen.getByRole('button', { name: 'Status: All' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Inactive' }));
    expect(seen.at(-1)).toEqual([1, 3]);
    expect(screen.getByRole('menuitemcheckbox', { name: 'All' }).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'All' }));
    expect(seen.at(-1)).toEqual([1, -1, 3]);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'All' }));
    expect(seen.at(-1)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Status: 0' })).toBeTruthy();
  });
});

const CLIENTS = [
  { id: 10, label: 'Acme' },
  { id: 11, label: 'Bệnh viện Chợ Rẫy' },
  { id: 12, label: 'Cura' },
];

function Clients({
  onChange,
  initial = CLIENTS.map((c) => c.id),
}: {
  onChange?: (v: number[]) => void;
  initial?: number[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <CheckboxPicker
      label="Client"
      options={CLIENTS}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

describe('CheckboxPicker', () => {
  it.each<[number[], string]>([
    [[10, 11, 12], 'Client: All'],
    [[12], 'Client: Cura'],
    [[10, 12], 'Client: 2'],
    [[], 'Client: 0'],
  ])('with %j chosen, its button says %s', (initial, name) => {
    render(<Clients initial={initial} />);
    expect(screen.getByRole('button').textContent).toBe(name);
  });

  it('chooses one client alone with its "only" button, from everything chosen', async () => {
    const user = userEvent.setup();
    const seen: number[][] = [];
    render(<Clients onChange={(v) => seen.push(v)} />);
    await user.click(screen.getByRole('button', { name: 'Client: All' }));
    const dialog = screen.getByRole('dialog', { name: 'Client' });
    await user.click(within(dialog).getByRole('button', { name: 'Only Acme' }));
    expect(seen).toEqual([[10]]);
    expect(within(dialog).getByRole('checkbox', { name: 'All' })).toHaveProperty('indeterminate', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Cura' })).toHaveProperty('checked', false);
    await expectNoAxeViolations();
  });

  it('unticks everything with All, then ticks one', async () => {
    const user = userEvent.setup();
    const seen: number[][] = [];
    render(<Clients onChange={(v) => seen.push(v)} />);
    await user.click(screen.getByRole('button', { name: 'Client: All' }));
    await user.click(screen.getByRole('checkbox', { name: 'All' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cura' }));
    expect(seen).toEqual([[], [12]]);
  });

  it('searches the options, accents and case aside, and says when none is found', async () => {
    const user = userEvent.setup();
    render(<Clients />);
    await user.click(screen.getByRole('button', { name: 'Client: All' }));
    const search = screen.getByRole('searchbox', { name: 'Search Client' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await user.type(search, 'cho ray');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    screen.getByRole('checkbox', { name: 'Bệnh viện Chợ Rẫy' });
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status').textContent).toBe('No match');
  });
});

describe('DebouncedSearchField', () => {
  // The pause is a rule about time: fake timers (test/timers.ts), which user-event advances.
  it('reports once typing pauses for 300 ms, at once on Enter, and empty on Escape', async () => {
    const user = userWithFakeTimers();
    const onSearch = vi.fn();
    render(<DebouncedSearchField label="Search" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'hear');
    pass(200);
    // Each keystroke starts the pause again.
    await user.type(box, 't');
    pass(299);
    expect(onSearch).not.toHaveBeenCalled();
    pass(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('heart');
    await user.type(box, 's{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(onSearch).toHaveBeenLastCalledWith('hearts');
    // Enter's report replaced the pending one.
    pass(1000);
    expect(onSearch).toHaveBeenCalledTimes(2);
    await user.keyboard('{Escape}');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('keeps typing when its own report comes back as the value later, and takes a value from outside', async () => {
    // The list applies a search through the URL and a request: the value echoes back while the user types on.
    function Slow() {
      const [value, setValue] = useState('');
      return (
        <>
          <DebouncedSearchField
            label="Search"
            value={value}
            delay={20}
            onSearch={(v) => setTimeout(() => setValue(v), 150)}
          />
          <button type="button" onClick={() => setValue('reset')}>
            Outside
          </button>
        </>
      );
    }
    const user = userWithFakeTimers();
    render(<Slow />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.type(box, 'hea');
    pass(60); // "hea" reported at 20 ms; it comes back at 170 ms.
    await user.type(box, 'rt hea');
    pass(60); // "heart hea" reported at 80 ms; it comes back at 230 ms.
    await user.type(box, 'lth');
    pass(60); // "hea" came back at 170 ms, while "lth" was typed after it.
    expect(box.value).toBe('heart health');
    pass(400); // Every report has come back.
    expect(box.value).toBe('heart health');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(box.value).toBe('reset');
  });

  it('has no axe violations', async () => {
    render(<DebouncedSearchField label="Search" value="x" onSearch={() => {}} />);
    await expectNoAxeViolations();
  });
});

function Panel() {
  const panel = useFilterPanel({ status: [1, -1, 3], name: '', tags: [] as string[] });
  return (
    <div>
      <p>Active filters: {panel.activeCount}</p>
      <p>Applied name: {panel.applied.name || '-'}</p>
      <label>
        Name <input value={panel.draft.name} onChange={(e) => panel.setDraft('name', e.target.value)} />
      </label>
      <button type="button" onClick={() => panel.setDraft('status', [1])}>
        Only active
      </button>
      <button type="button" onClick={panel.cancel}>
        Cancel
      </button>
      <button type="button" onClick={panel.apply}>
        Apply
      </button>
    </div>
  );
}

describe('useFilterPanel', () => {
  it('holds a draft until Apply, drops it on Cancel, and counts the filters in force', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'heart');
    await user.click(screen.getByRole('button', { name: 'Only active' }));
    expect(screen.getByText('Active filters: 0')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'heart');
    await user.click(screen.getByRole('button', { name: 'Only active' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Active filters: 2')).toBeTruthy();
    expect(screen.getByText('Applied name: heart')).toBeTruthy();
  });
});
