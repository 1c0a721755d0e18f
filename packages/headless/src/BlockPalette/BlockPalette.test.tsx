import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { BlockPalette, paletteGroups, type CanvasBlock, type PaletteBlock } from './BlockPalette.js';

const PALETTE: PaletteBlock[] = [
  { type: 'Email', label: 'Email' },
  { type: 'PhoneOTP', label: 'Phone OTP' },
  { type: 'Location', label: 'Location' },
];

let seq = 0;
function Harness({ initial = [] as CanvasBlock[] }) {
  const [blocks, setBlocks] = useState<CanvasBlock[]>(initial);
  const [refusal, setRefusal] = useState('');
  return (
    <>
      <BlockPalette
        palette={PALETTE}
        blocks={blocks}
        onChange={setBlocks}
        createBlock={(type) => ({ id: `b${++seq}`, type, label: PALETTE.find((p) => p.type === type)!.label })}
        canAdd={(type, bs) =>
          type === 'PhoneOTP' && bs.some((b) => b.type === 'PhoneOTP') ? 'Only one OTP block is allowed.' : null
        }
        onRefuse={setRefusal}
      />
      <output aria-label="refusal">{refusal}</output>
    </>
  );
}

const canvasItems = () =>
  within(screen.getByRole('grid', { name: 'Form' }))
    .queryAllByRole('row')
    .flatMap((r) => r.getAttribute('data-type') ?? []);

describe('BlockPalette', () => {
  it('lists the palette under its groups, each row with its icon hidden and named by its label', async () => {
    const user = userEvent.setup();
    const icon = <svg data-testid="icon" />;
    const grouped: PaletteBlock[] = [
      { type: 'Title', label: 'Title', group: 'Content', icon },
      { type: 'Email', label: 'Email', group: 'Fields', icon },
      { type: 'Phone', label: 'Phone', group: 'Fields', icon },
      { type: 'Submit', label: 'Submit button', group: 'Actions', icon },
    ];
    const { container } = render(
      <BlockPalette palette={grouped} createBlock={(type) => ({ id: `g${++seq}`, type, label: type })} />,
    );
    const palette = screen.getByRole('grid', { name: 'Blocks' });
    const groups = [...palette.querySelectorAll('[data-palette-group]')];
    expect(groups.map((g) => g.getAttribute('data-palette-group'))).toEqual(['Content', 'Fields', 'Actions']);
    expect(
      groups.map((g) => [...g.querySelectorAll('[data-palette-item]')].map((r) => r.getAttribute('data-type'))),
    ).toEqual([['Title'], ['Email', 'Phone'], ['Submit']]);
    expect(within(palette).getByRole('row', { name: 'Submit button' })).toBeTruthy();
    for (const i of screen.getAllByTestId('icon')) expect(i.closest('[aria-hidden=true]')).not.toBeNull();
    // The arrow keys go from group to group, past the headings.
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(canvasItems()).toEqual(['Submit']);
    await expectNoAxeViolations(container);
  });

  it('puts the palette after the placed blocks with palettePosition="end", in Tab order too', async () => {
    const user = userEvent.setup();
    render(
      <BlockPalette
        palette={PALETTE}
        defaultBlocks={[{ id: 'x', type: 'Email', label: 'Email' }]}
        createBlock={(type) => ({ id: `e${++seq}`, type, label: type })}
        palettePosition="end"
      />,
    );
    const [first, second] = screen.getAllByRole('grid');
    expect([first!.getAttribute('aria-label'), second!.getAttribute('aria-label')]).toEqual(['Form', 'Blocks']);
    await user.tab();
    expect(within(first!).getByRole('row', { name: 'Email' }).contains(document.activeElement)).toBe(true);
  });

  it('groups a palette in the order its groups first appear, one unnamed group when none has one', () => {
    expect(
      paletteGroups([
        { type: 'a', label: 'A', group: 'Fields' },
        { type: 'b', label: 'B', group: 'Content' },
        { type: 'c', label: 'C', group: 'Fields' },
      ]).map((g) => [g.label, g.blocks.map((b) => b.type)]),
    ).toEqual([
      ['Fields', ['a', 'c']],
      ['Content', ['b']],
    ]);
    expect(paletteGroups(PALETTE).map((g) => [g.label, g.blocks.length])).toEqual([['', 3]]);
  });

  it('adds a block at the end with Enter on a palette item, and refuses what the caller refuses', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Drop blocks here')).toBeTruthy();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(canvasItems()).toEqual(['Email']);
    await user.keyboard('{ArrowDown}{Enter}{Enter}');
    expect(canvasItems()).toEqual(['Email', 'PhoneOTP']);
    expect(screen.getByLabelText('refusal').textContent).toBe('Only one OTP block is allowed.');
    expect(
      screen.getByRole('grid', { name: 'Blocks' }).querySelector('[data-type=PhoneOTP]')?.getAttribute('data-refused'),
    ).toBe('true');
  });

  it('names each palette row once, as its block ("Email", not "Email Email")', () => {
    render(<Harness />);
    const palette = within(screen.getByRole('grid', { name: 'Blocks' }));
    const rows = palette.getAllByRole('row');
    expect(rows.length).toBeGreaterThan(1);
    // Testing Library computes each row's accessible name as a screen reader does.
    for (const row of rows) expect(palette.getByRole('row', { name: row.getAttribute('aria-label')! })).toBe(row);
    expect(palette.getByRole('row', { name: 'Email' })).toBeTruthy();
  });

  it('removes a block with its Remove button', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { id: 'x', type: 'Email', label: 'Email' },
          { id: 'y', type: 'Location', label: 'Location' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove Email' }));
    expect(canvasItems()).toEqual(['Location']);
  });

  it('drags a block from the palette to the canvas and back by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    // Palette: focus the first item, move to its drag handle, start the drag with Enter.
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Drag Email');
    await user.keyboard('{Enter}');
    // The drag starts a frame later, on the first place it can drop.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).not.toBe('Drag Email'));
    // The canvas is the drop target; Tab reaches it, Enter drops.
    if (!document.activeElement?.closest('[aria-label="Form"]')) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(canvasItems()).toEqual(['Email']));

    // Back: drag the placed block onto the palette, which removes it.
    const placed = within(screen.getByRole('grid', { name: 'Form' })).getByRole('row', { name: 'Email' });
    within(placed).getByRole('button', { name: 'Move Email' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).not.toBe('Move Email'));
    if (!document.activeElement?.closest('[aria-label="Blocks"]')) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(canvasItems()).toEqual([]));
  });

  it('collapses the palette on request and keeps the canvas', () => {
    render(
      <BlockPalette
        palette={PALETTE}
        blocks={[]}
        onChange={() => {}}
        createBlock={(type) => ({ id: type, type, label: type })}
        isPaletteHidden
      />,
    );
    expect(screen.queryByRole('grid', { name: 'Blocks' })).toBeNull();
    expect(screen.getByRole('grid', { name: 'Form' })).toBeTruthy();
  });

  it('has no axe violations, empty and with blocks', async () => {
    const { unmount } = render(<Harness />);
    await expectNoAxeViolations();
    unmount();
    render(<Harness initial={[{ id: 'x', type: 'Email', label: 'Email' }]} />);
    await expectNoAxeViolations();
  });
});
