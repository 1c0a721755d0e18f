import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Collection,
  DropIndicator,
  GridList,
  GridListHeader,
  GridListItem,
  GridListSection,
  isTextDropItem,
  useDragAndDrop,
  type DropItem,
  type Key,
} from 'react-aria-components';
import { rootStyling, useControlled, type RootProps } from '../internal/compose.js';
import { visuallyHidden } from '../internal/visuallyHidden.js';

/** A kind of block the palette offers. */
export interface PaletteBlock {
  type: string;
  label: string;
  description?: string;
  /** The group it is listed under ("Content", "Fields"…); groups follow the order they first appear in. */
  group?: string;
  /** A small picture before the label (an inline SVG); hidden from screen readers, the label names the row. */
  icon?: ReactNode;
}

/** The palette's blocks by group, in the order each group first appears; one unnamed group when none has a group. */
export function paletteGroups(palette: readonly PaletteBlock[]): Array<{ label: string; blocks: PaletteBlock[] }> {
  const groups = new Map<string, PaletteBlock[]>();
  for (const p of palette) {
    const key = p.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups].map(([label, blocks]) => ({ label, blocks }));
}

/** A block placed on the canvas. */
export interface CanvasBlock {
  id: string;
  type: string;
  label: string;
}

/** The drag types: a block type from the palette, a placed block from the canvas. */
export const PALETTE_DRAG_TYPE = 'application/x-lead-block-type';
export const CANVAS_DRAG_TYPE = 'application/x-lead-block-id';

/** The palette's state, for a `className` or `style` function. */
export interface BlockPaletteState {
  count: number;
  isPaletteHidden: boolean;
}

export interface BlockPaletteProps extends Omit<RootProps<HTMLDivElement, BlockPaletteState>, 'onSelect'> {
  /** The block types offered, in order. */
  palette: readonly PaletteBlock[];
  /** The placed blocks, controlled. */
  blocks?: readonly CanvasBlock[];
  /** The first placed blocks, uncontrolled (none by default). */
  defaultBlocks?: readonly CanvasBlock[];
  /** Called with the placed blocks after each add, move or removal. */
  onChange?: (blocks: CanvasBlock[]) => void;
  /** Makes a block of a type; called for every block added. */
  createBlock: (type: string) => CanvasBlock;
  /** Whether a block of `type` may be added to `blocks`: null if so, else the refusal message. */
  canAdd?: (type: string, blocks: readonly CanvasBlock[]) => string | null;
  /** Told the refusal message when an add is refused (to show it in a toast). */
  onRefuse?: (message: string) => void;
  /** Whether a placed block may be removed (e.g. Submit may be hidden but not every block). */
  canRemove?: (block: CanvasBlock) => boolean;
  /** The block whose edit panel is open, controlled. */
  selectedId?: string | null;
  /** The first selected block, uncontrolled. */
  defaultSelectedId?: string | null;
  /** Called with the selected block's id (null when none); makes blocks selectable. */
  onSelect?: (id: string | null) => void;
  /** A placed block's content (its label by default). */
  renderBlock?: (block: CanvasBlock) => ReactNode;
  /** The palette grid's accessible name ("Blocks"). */
  paletteLabel?: string;
  /** The canvas grid's accessible name ("Form"), also said in the status messages. */
  canvasLabel?: string;
  /** What the empty canvas shows ("Drop blocks here"). */
  emptyCanvas?: ReactNode;
  /** The remove buttons' accessible name. */
  removeLabel?: (block: CanvasBlock) => string;
  /** What a screen reader hears when blocks are added ("Email added to Form.") or removed. */
  addedMessage?: (blocks: readonly CanvasBlock[]) => string;
  /** What a screen reader hears when one is removed. */
  removedMessage?: (blocks: readonly CanvasBlock[]) => string;
  /** Collapses the palette (the canvas stays): a caller's "Blocks" disclosure. */
  isPaletteHidden?: boolean;
  /** Where the palette goes: before the placed blocks (the default) or after them, in reading and Tab order alike. */
  palettePosition?: 'start' | 'end';
}

async function readTexts(items: DropItem[], type: string): Promise<string[]> {
  const out: string[] = [];
  for (const item of items) if (isTextDropItem(item) && item.types.has(type)) out.push(await item.getText(type));
  return out;
}

/**
 * A palette of block types and a canvas of placed blocks (two WAI-ARIA grids), with react-aria's
 * drag and drop: drag a type from the palette into the canvas (between blocks or onto the empty
 * canvas), reorder blocks, drag a block back to the palette to remove it. Every drag works by
 * keyboard (Enter on a drag handle moves to the first drop target, arrows or Tab to others, Enter
 * drops) and is announced. Enter on a palette item also adds it at the end; each block has a
 * Remove button. Controlled (`blocks`, `onChange`) or not (`defaultBlocks`). DOM props, `ref`,
 * `className` and `style` (or functions of `{ count, isPaletteHidden }`) are the root `<div>`'s.
 */
const anyBlock = () => true;
const labelOf = (b: CanvasBlock) => b.label;
const removeLabelOf = (b: CanvasBlock) => `Remove ${b.label}`;

/**
 * A row is drawn again only when its block object or what draws it changes: pass the same
 * CanvasBlock objects, and the same `renderBlock`, from one render to the next, and a change to one
 * block redraws its row alone.
 */
export function BlockPalette(props: BlockPaletteProps) {
  const {
    palette,
    blocks: blocksProp,
    defaultBlocks = [],
    onChange: reportBlocks,
    createBlock,
    canAdd = () => null,
    onRefuse,
    canRemove = anyBlock,
    selectedId: selectedProp,
    defaultSelectedId = null,
    onSelect: reportSelect,
    renderBlock = labelOf,
    paletteLabel = 'Blocks',
    canvasLabel = 'Form',
    emptyCanvas = 'Drop blocks here',
    removeLabel = removeLabelOf,
    isPaletteHidden = false,
    palettePosition = 'start',
    addedMessage = (added) => `${added.map((b) => b.label).join(', ')} added to ${canvasLabel}.`,
    removedMessage = (removed) => `${removed.map((b) => b.label).join(', ')} removed from ${canvasLabel}.`,
    className,
    style,
    ...dom
  } = props;
  // Said in a polite status region: adding with Enter or removing with a button moves no focus.
  const [said, setSaid] = useState('');
  const [blocks, onChange] = useControlled<readonly CanvasBlock[]>(
    blocksProp,
    defaultBlocks,
    reportBlocks as ((b: readonly CanvasBlock[]) => void) | undefined,
  );
  const [selectedId, setSelected] = useControlled(selectedProp, defaultSelectedId, reportSelect);
  // Blocks are selectable when the caller listens for it, or gave a first selection.
  const selectable = reportSelect !== undefined || props.defaultSelectedId !== undefined;
  const onSelect = selectable ? setSelected : undefined;

  /** Adds blocks of `types` at `index`, in order, stopping at the first refused. */
  const insert = (types: string[], index: number) => {
    const next = [...blocks];
    const added: CanvasBlock[] = [];
    let at = index;
    let refused = '';
    for (const type of types) {
      const refusal = canAdd(type, next);
      if (refusal !== null) {
        // Told to the caller, who shows it (a toast is announced too); else said here.
        if (onRefuse) onRefuse(refusal);
        else refused = refusal;
        break;
      }
      const block = createBlock(type);
      added.push(block);
      next.splice(at++, 0, block);
    }
    setSaid([added.length ? addedMessage(added) : '', refused].filter(Boolean).join(' '));
    if (added.length) onChange(next);
  };
  // A row's Remove button is kept from the render that drew the row: it reads the blocks of now.
  const latest = useRef({ blocks, selectedId, onSelect });
  useLayoutEffect(() => {
    latest.current = { blocks, selectedId, onSelect };
  });
  const remove = (ids: string[]) => {
    const { blocks, selectedId, onSelect } = latest.current;
    const next = blocks.filter((b) => !ids.includes(b.id) || !canRemove(b));
    if (next.length !== blocks.length) {
      setSaid(removedMessage(blocks.filter((b) => !next.includes(b))));
      onChange(next);
      if (selectedId && ids.includes(selectedId)) onSelect?.(null);
    }
  };

  const paletteDnd = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const block = palette.find((p) => p.type === key)!;
        return { [PALETTE_DRAG_TYPE]: block.type, 'text/plain': block.label };
      }),
    getAllowedDropOperations: () => ['copy'],
    // A placed block dropped on the palette is removed.
    acceptedDragTypes: [CANVAS_DRAG_TYPE],
    getDropOperation: () => 'move',
    onRootDrop: async (e) => remove(await readTexts(e.items, CANVAS_DRAG_TYPE)),
  });

  const canvasDnd = useDragAndDrop({
    getItems: (keys) =>
      [...keys].map((key) => {
        const block = blocks.find((b) => b.id === key)!;
        return { [CANVAS_DRAG_TYPE]: block.id, 'text/plain': block.label };
      }),
    acceptedDragTypes: [PALETTE_DRAG_TYPE, CANVAS_DRAG_TYPE],
    getDropOperation: (target, types) =>
      target.type === 'item' && target.dropPosition === 'on' ? 'cancel' : types.has(CANVAS_DRAG_TYPE) ? 'move' : 'copy',
    renderDropIndicator: (target) => <DropIndicator target={target} data-block-drop-indicator="" />,
    onReorder: (e) => {
      const moving = blocks.filter((b) => e.keys.has(b.id));
      const rest = blocks.filter((b) => !e.keys.has(b.id));
      const targetIndex = rest.findIndex((b) => b.id === e.target.key);
      const at = e.target.dropPosition === 'before' ? targetIndex : targetIndex + 1;
      onChange([...rest.slice(0, at), ...moving, ...rest.slice(at)]);
    },
    onInsert: async (e) => {
      const index = blocks.findIndex((b) => b.id === e.target.key);
      insert(await readTexts(e.items, PALETTE_DRAG_TYPE), e.target.dropPosition === 'before' ? index : index + 1);
    },
    onRootDrop: async (e) => insert(await readTexts(e.items, PALETTE_DRAG_TYPE), blocks.length),
  });

  const disabledTypes = palette.filter((p) => canAdd(p.type, blocks) !== null).map((p) => p.type);
  // The palette's rows, the same objects while the palette is: its rows are drawn again only when
  // which of them are refused changes.
  const groups = useMemo(
    () => paletteGroups(palette).map((g) => ({ ...g, items: g.blocks.map((p) => ({ ...p, id: p.type })) })),
    [palette],
  );
  const grouped = groups.some((g) => g.label !== '');
  const refusedKey = disabledTypes.join(' ');
  const paletteItem = (p: PaletteBlock) => (
    <GridListItem
      id={p.type}
      textValue={p.label}
      data-palette-item=""
      data-type={p.type}
      data-refused={disabledTypes.includes(p.type) || undefined}
    >
      <Button slot="drag" aria-label={`Drag ${p.label}`} data-drag-handle="">
        <span aria-hidden="true">⠿</span>
      </Button>
      {p.icon ? (
        <span aria-hidden="true" data-palette-icon="">
          {p.icon}
        </span>
      ) : null}
      {/* Not a description slot: the row is named by its label already, and a description would repeat it ("Email Email"). */}
      <span data-palette-label="">{p.label}</span>
    </GridListItem>
  );

  const paletteGrid = isPaletteHidden ? null : (
    <GridList
      aria-label={paletteLabel}
      dragAndDropHooks={paletteDnd.dragAndDropHooks}
      onAction={(key: Key) => insert([String(key)], blocks.length)}
      data-palette=""
    >
      {grouped ? (
        groups.map((g) => (
          <GridListSection key={g.label} id={`group-${g.label}`} data-palette-group={g.label}>
            <GridListHeader data-palette-group-label="">{g.label}</GridListHeader>
            <Collection items={g.items} dependencies={[refusedKey]}>
              {paletteItem}
            </Collection>
          </GridListSection>
        ))
      ) : (
        <Collection items={groups[0]?.items ?? []} dependencies={[refusedKey]}>
          {paletteItem}
        </Collection>
      )}
    </GridList>
  );

  return (
    <div
      {...dom}
      {...rootStyling({ count: blocks.length, isPaletteHidden }, className, style)}
      data-lead=""
      data-block-palette=""
      data-palette-hidden={isPaletteHidden || undefined}
      data-palette-end={palettePosition === 'end' || undefined}
    >
      <span role="status" style={visuallyHidden} data-block-palette-status="">
        {said}
      </span>
      {palettePosition === 'start' ? paletteGrid : null}
      <GridList
        aria-label={canvasLabel}
        items={blocks}
        dependencies={[renderBlock, canRemove, removeLabel]}
        dragAndDropHooks={canvasDnd.dragAndDropHooks}
        selectionMode={onSelect ? 'single' : 'none'}
        selectedKeys={selectedId ? [selectedId] : []}
        onSelectionChange={(keys) => {
          if (keys === 'all') return;
          const [first] = keys;
          onSelect?.(first === undefined ? null : String(first));
        }}
        renderEmptyState={() => <div data-canvas-empty="">{emptyCanvas}</div>}
        data-canvas=""
      >
        {(b) => (
          <GridListItem id={b.id} textValue={b.label} data-canvas-block="" data-type={b.type}>
            <Button slot="drag" aria-label={`Move ${b.label}`} data-drag-handle="">
              <span aria-hidden="true">⠿</span>
            </Button>
            <div data-block-content="">{renderBlock(b)}</div>
            {canRemove(b) ? (
              <Button onPress={() => remove([b.id])} aria-label={removeLabel(b)} data-block-remove="">
                <span aria-hidden="true">×</span>
              </Button>
            ) : null}
          </GridListItem>
        )}
      </GridList>
      {palettePosition === 'end' ? paletteGrid : null}
    </div>
  );
}
