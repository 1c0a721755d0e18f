import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import {
  BlockPalette,
  Button,
  CheckboxMenu,
  CheckboxPicker,
  ColumnSetSwitch,
  DataTable,
  DateRangePicker,
  DebouncedSearchField,
  Dialog,
  DialogTrigger,
  Pagination,
  Select,
  Stepper,
  TagInput,
  useStepper,
} from '../src/index.js';

/**
 * Every stateful component works uncontrolled as well as controlled: given a `default...` and no
 * value, it keeps its own state and still reports each change.
 */
describe('uncontrolled', () => {
  it('Select starts at defaultValue and keeps the choice', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Select
        label="Site"
        defaultValue={1}
        onChange={onChange}
        options={[
          { id: 1, label: 'One' },
          { id: 2, label: 'Two' },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: /Site/ });
    expect(trigger.textContent).toContain('One');
    await user.click(trigger);
    await user.click(screen.getByRole('option', { name: 'Two' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(trigger.textContent).toContain('Two');
  });

  it('CheckboxPicker checks everything by default, keeps what is chosen and reports it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <CheckboxPicker
        label="Client"
        onChange={onChange}
        options={[
          { id: 1, label: 'Acme' },
          { id: 2, label: 'Cura' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Client: All' }));
    await user.click(screen.getByRole('button', { name: 'Only Cura' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('checkbox', { name: 'Acme' })).toHaveProperty('checked', false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Client: Cura' })).toBeTruthy());
  });

  it('CheckboxMenu checks everything by default and keeps what is unchecked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <CheckboxMenu
        label="Status"
        onChange={onChange}
        options={[
          { id: 1, label: 'Active' },
          { id: 3, label: 'Expired' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Status: All' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Expired' }));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Status: 1' })).toBeTruthy();
  });

  it('TagInput starts with defaultValue and adds and removes on its own', async () => {
    const user = userEvent.setup();
    render(<TagInput label="by Tag" defaultValue={['heart']} />);
    await user.type(screen.getByRole('textbox', { name: 'by Tag' }), 'sleep{Enter}');
    expect(screen.getAllByRole('row').map((r) => r.textContent?.replace('×', ''))).toEqual(['heart', 'sleep']);
    await user.click(screen.getByRole('button', { name: 'Remove heart' }));
    expect(screen.getAllByRole('row').map((r) => r.textContent?.replace('×', ''))).toEqual(['sleep']);
  });

  it('DebouncedSearchField applies its own search', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<DebouncedSearchField label="Search" defaultValue="heart" onSearch={onSearch} delay={10} />);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('heart');
    await user.type(box, 's{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('hearts');
    expect(box.value).toBe('hearts');
  });

  it('Pagination moves between pages from defaultPage', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(
      <Pagination total={50} defaultPage={2} defaultPageSize={10} onPageChange={onPageChange} showQuickJump={false} />,
    );
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('ColumnSetSwitch starts on the first set and switches', async () => {
    const user = userEvent.setup();
    render(<ColumnSetSwitch aria-label="Columns" sets={['Information', 'Report']} />);
    expect(screen.getByRole('radio', { name: 'Information' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('radio', { name: 'Report' }));
    expect(screen.getByRole('radio', { name: 'Report' }).getAttribute('aria-checked')).toBe('true');
  });

  it('DataTable shows its own sort, selection and expansion (it still never sorts the rows)', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 1, name: 'B', kids: [{ id: 11, name: 'B1', kids: [] }] },
      { id: 2, name: 'A', kids: [] },
    ];
    type R = (typeof rows)[number];
    render(
      <DataTable<R>
        aria-label="Campaigns"
        columns={[{ id: 'name', header: 'Name', cell: (r) => r.name, isRowHeader: true, sortable: true }]}
        rows={rows}
        getRowId={(r) => r.id}
        getChildRows={(r) => r.kids}
        selectionMode="multiple"
        defaultSelectedKeys={[2]}
        defaultSort={{ column: 'name', direction: 'ascending' }}
      />,
    );
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    // The caller sorts: the rows stay in the order given.
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['B', 'A']);
    const selected = screen.getAllByRole('row').filter((r) => r.getAttribute('aria-selected') === 'true');
    expect(selected.map((r) => r.getAttribute('data-key'))).toEqual(['2']);
    await user.click(screen.getByRole('button', { name: 'Show child rows' }));
    expect(screen.getByRole('rowheader', { name: 'B1' })).toBeTruthy();
  });

  it('DateRangePicker starts at defaultValue and takes a preset', async () => {
    const user = userEvent.setup();
    const today = Temporal.PlainDate.from('2026-11-23');
    const onChange = vi.fn();
    render(
      <DateRangePicker
        label="Date range"
        today={today}
        defaultValue={{ start: today, end: today }}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', { name: 'Date range' });
    expect(
      within(group)
        .getAllByRole('spinbutton')
        .map((s) => s.textContent),
    ).toEqual(['23', '11', '2026', '23', '11', '2026']);
    await user.click(screen.getByRole('button', { name: /Open calendar/ }));
    await user.click(await screen.findByRole('button', { name: 'Yesterday' }));
    expect(String(onChange.mock.lastCall?.[0]?.start)).toBe('2026-11-22');
    await waitFor(() => expect(within(group).getAllByRole('spinbutton')[0]!.textContent).toBe('22'));
  });

  it('BlockPalette places blocks from defaultBlocks on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <BlockPalette
        palette={[{ type: 'email', label: 'Email' }]}
        defaultBlocks={[{ id: 'b1', type: 'name', label: 'Name' }]}
        createBlock={(type) => ({ id: `b-${type}`, type, label: 'Email' })}
        onChange={onChange}
      />,
    );
    const palette = screen.getByRole('grid', { name: 'Blocks' });
    within(palette).getByRole('row', { name: 'Email' }).focus();
    await user.keyboard('{Enter}');
    expect(
      within(screen.getByRole('grid', { name: 'Form' }))
        .getAllByRole('row')
        .map((r) => r.getAttribute('data-key')),
    ).toEqual(['b1', 'b-email']);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('Dialog opens from a DialogTrigger, without isOpen', async () => {
    const user = userEvent.setup();
    render(
      <DialogTrigger>
        <Button>Edit</Button>
        <Dialog title="Edit campaign">Body</Dialog>
      </DialogTrigger>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit campaign' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Stepper.Nav', () => {
  function Wizard() {
    const state = useStepper({
      steps: [
        { id: 'settings', label: 'SETTINGS', isValid: true },
        { id: 'design', label: 'DESIGN', isValid: true },
      ],
    });
    return (
      <>
        <Stepper state={state} />
        <Stepper.Nav state={state} finish={<Button>Comfirm</Button>}>
          <Button>Save draft</Button>
        </Stepper.Nav>
      </>
    );
  }

  it("takes the consumer's own buttons beside Back and Next, none nested in another", async () => {
    const user = userEvent.setup();
    render(<Wizard />);
    const draft = screen.getByRole('button', { name: 'Save draft' });
    expect(draft.parentElement?.closest('button')).toBeNull();
    expect(draft.closest('[data-stepper-nav]')).toBeTruthy();
    // Next onto the last step gives focus to the finish, not to the consumer's button.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Comfirm' })));
  });
});
