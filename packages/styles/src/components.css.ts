import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

/*
 * Styles for @lead/headless, keyed on the data-* attributes and react-aria's state attributes
 * (data-hovered, data-focus-visible, data-selected, data-disabled...). They are global but every
 * selector names a component's own data attribute, so nothing else on the page is touched.
 * Popovers and dialogs render at the end of <body>: put the theme class on <html> or <body>.
 */
const g = globalStyle;
const c = vars.color;
const focusRing = { outline: `2px solid ${c.focus}`, outlineOffset: '2px' };

/** Base text and colours: put on <body> (or the app's root). */
export const base = style({
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: c.text,
  background: c.background,
});

g(`${base} *, ${base} *::before, ${base} *::after`, { boxSizing: 'border-box' });
g('[data-rac]:focus-visible, [data-focus-visible]', focusRing);
g('[data-rac][data-focused]:not([data-focus-visible])', { outline: 'none' });

globalStyle('*', { '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' } } });

/* ---------- buttons ---------- */
const button = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  color: c.text,
  font: 'inherit',
  cursor: 'pointer',
  transition: `background ${vars.motion.duration} ${vars.motion.easing}`,
} as const;
g('.react-aria-Button, [data-button]', button);
g('.react-aria-Button[data-hovered], [data-button][data-hovered]', { background: c.surfaceMuted });
g('.react-aria-Button[data-pressed]', { background: c.selected });
g('.react-aria-Button[data-disabled]', { opacity: 0.55, cursor: 'not-allowed' });
g('[data-button=primary]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-button=primary][data-hovered]', { background: c.primaryHover });
g('[data-button=danger]', { background: c.danger, borderColor: c.danger, color: c.onDanger });
g('[data-button=link]', { border: 'none', background: 'transparent', color: c.primaryText, padding: 0, textDecoration: 'underline' });

/* ---------- fields ---------- */
g('[data-field]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
g('[data-field] > .react-aria-Label', { fontWeight: vars.fontWeight.strong });
g('[data-field][data-required] > .react-aria-Label::after', { content: '" *"', color: c.dangerText });
g('.react-aria-Input, .react-aria-TextArea, [data-field] input:not([type=checkbox]):not([type=radio])', {
  minHeight: '34px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${c.control}`,
  borderRadius: vars.radius.md,
  background: c.surface,
  color: c.text,
  font: 'inherit',
});
g('.react-aria-Input[data-invalid], .react-aria-TextArea[data-invalid]', { borderColor: c.danger });
g('.react-aria-Input[data-disabled]', { background: c.surfaceMuted, color: c.textMuted });
g('[data-field] [slot=description]', { color: c.textMuted, fontSize: vars.fontSize.sm });
g('[data-field-error], .react-aria-FieldError', { color: c.dangerText, fontSize: vars.fontSize.sm });

/* ---------- checkbox, radio, switch ---------- */
g('[data-checkbox], [data-radio], [data-switch]', { display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, cursor: 'pointer' });
g('[data-checkbox-box]', {
  display: 'inline-grid',
  placeItems: 'center',
  width: '18px',
  height: '18px',
  border: `1.5px solid ${c.control}`,
  borderRadius: vars.radius.sm,
  background: c.surface,
  color: c.onPrimary,
  fontSize: '12px',
  lineHeight: 1,
});
g('[data-selected] > [data-checkbox-box], [data-indeterminate] > [data-checkbox-box]', { background: c.primary, borderColor: c.primary });
g('[data-checkbox][data-focus-visible] > [data-checkbox-box], [data-radio][data-focus-visible] > [data-radio-dot], [data-switch][data-focus-visible] > [data-switch-track]', focusRing);
g('[data-checkbox][data-focus-visible], [data-radio][data-focus-visible], [data-switch][data-focus-visible]', { outline: 'none' });
g('[data-radio-dot]', { width: '18px', height: '18px', border: `1.5px solid ${c.control}`, borderRadius: vars.radius.round, background: c.surface });
g('[data-radio][data-selected] > [data-radio-dot]', { borderColor: c.primary, boxShadow: `inset 0 0 0 4px ${c.surface}`, background: c.primary });
g('[data-radio-items], [data-checkbox-group-items]', { display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
g('[data-switch-track]', { position: 'relative', width: '34px', height: '20px', borderRadius: vars.radius.round, background: c.control, transition: `background ${vars.motion.duration}` });
g('[data-switch-thumb]', { position: 'absolute', top: '3px', left: '3px', width: '14px', height: '14px', borderRadius: vars.radius.round, background: c.surface, transition: `transform ${vars.motion.duration} ${vars.motion.easing}` });
g('[data-switch][data-selected] [data-switch-track]', { background: c.primary });
g('[data-switch][data-selected] [data-switch-thumb]', { transform: 'translateX(14px)' });

/* ---------- popovers, menus, listboxes, tooltips ---------- */
g('.react-aria-Popover', { background: c.surface, color: c.text, border: `1px solid ${c.border}`, borderRadius: vars.radius.md, boxShadow: vars.shadow.overlay, minWidth: 'var(--trigger-width)', maxHeight: '60vh', overflow: 'auto' });
g('.react-aria-Menu, .react-aria-ListBox', { padding: vars.space.xs, outline: 'none' });
g('.react-aria-MenuItem, .react-aria-ListBoxItem', { display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.sm, cursor: 'pointer', outline: 'none' });
g('.react-aria-MenuItem[data-focused], .react-aria-ListBoxItem[data-focused]', { background: c.selected });
g('.react-aria-MenuItem[data-disabled], .react-aria-ListBoxItem[data-disabled]', { color: c.textMuted, cursor: 'not-allowed' });
g('.react-aria-MenuItem[data-selection-mode=multiple]::before', { content: '""', width: '14px', height: '14px', border: `1.5px solid ${c.control}`, borderRadius: vars.radius.sm, flex: 'none' });
g('.react-aria-MenuItem[data-selection-mode=multiple][data-selected]::before', { background: c.primary, borderColor: c.primary });
g('.react-aria-ListBoxItem[data-selected]', { fontWeight: vars.fontWeight.strong });
g('.react-aria-ListBoxItem [slot=description]', { color: c.textMuted, fontSize: vars.fontSize.sm });
g('.react-aria-Separator', { height: '1px', background: c.border, margin: `${vars.space.xs} 0`, border: 'none' });
g('[data-tooltip]', { background: c.text, color: c.surface, padding: `${vars.space.xs} ${vars.space.sm}`, borderRadius: vars.radius.sm, fontSize: vars.fontSize.sm, maxWidth: '280px' });

/* ---------- dialogs ---------- */
g('[data-modal-overlay]', { position: 'fixed', inset: 0, zIndex: 100, display: 'grid', placeItems: 'center', background: c.overlay });
g('[data-modal]', { width: 'min(560px, calc(100vw - 32px))', maxHeight: 'calc(100vh - 32px)', overflow: 'auto', background: c.surface, color: c.text, borderRadius: vars.radius.lg, boxShadow: vars.shadow.overlay });
g('[data-dialog]', { outline: 'none', padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
g('[data-dialog-header]', { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
g('[data-dialog-title]', { margin: 0, fontSize: vars.fontSize.lg });
g('[data-dialog-close]', { border: 'none', minHeight: '28px', padding: `0 ${vars.space.sm}`, fontSize: vars.fontSize.lg });
g('[data-dialog-footer]', { display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
g('[data-modal-overlay][data-entering]', { animation: `${fadeIn} ${vars.motion.duration} ${vars.motion.easing}` });

/* ---------- tabs ---------- */
g('[data-tab-list]', { display: 'flex', gap: vars.space.xs, borderBottom: `1px solid ${c.border}` });
g('[data-tab]', { padding: `${vars.space.sm} ${vars.space.md}`, cursor: 'pointer', color: c.textMuted, borderBottom: '2px solid transparent', outline: 'none' });
g('[data-tab][data-selected]', { color: c.primaryText, borderBottomColor: c.primary, fontWeight: vars.fontWeight.strong });
g('[data-tab][data-focus-visible]', focusRing);
g('[data-tab-panel]', { paddingTop: vars.space.md, outline: 'none' });

/* ---------- table ---------- */
g('[data-table-container]', { background: c.surface, border: `1px solid ${c.border}`, borderRadius: vars.radius.md });
g('[data-table-container][aria-busy=true]', { cursor: 'progress' });
g('.react-aria-Table', { width: '100%', borderCollapse: 'separate', borderSpacing: 0 });
g('.react-aria-Column', { position: 'sticky', top: 0, zIndex: 1, background: c.surfaceMuted, textAlign: 'start', padding: vars.space.sm, fontWeight: vars.fontWeight.strong, borderBottom: `1px solid ${c.border}`, whiteSpace: 'nowrap', outline: 'none' });
g('.react-aria-Column[data-allows-sorting]', { cursor: 'pointer' });
g('.react-aria-Column[data-focus-visible], .react-aria-Cell[data-focus-visible], .react-aria-Row[data-focus-visible]', { outline: `2px solid ${c.focus}`, outlineOffset: '-2px' });
g('[data-sort-indicator]', { color: c.textMuted });
g('.react-aria-Row', { outline: 'none' });
g('.react-aria-Row[data-hovered]', { background: c.surfaceMuted });
g('.react-aria-Row[data-selected]', { background: c.selected });
g('.react-aria-Row[data-depth="1"] > .react-aria-Cell:first-of-type', { paddingInlineStart: vars.space.xl });
g('.react-aria-Cell', { padding: vars.space.sm, borderBottom: `1px solid ${c.border}`, outline: 'none', verticalAlign: 'middle' });
g('.react-aria-Cell[data-align=end], .react-aria-Column[data-align=end]', { textAlign: 'end' });
g('[data-expand-button], [data-row-actions-button]', { minHeight: '26px', padding: `0 ${vars.space.sm}`, marginInlineEnd: vars.space.xs });
g('[data-table-empty], [data-table-loading]', { padding: vars.space.xl, textAlign: 'center', color: c.textMuted });

/* ---------- pagination ---------- */
g('[data-pagination]', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, padding: `${vars.space.sm} 0` });
g('[data-page-list]', { display: 'flex', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
g('[data-page-button][data-current]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-pagination] [data-field]', { flexDirection: 'row', alignItems: 'center', gap: vars.space.sm });
g('[data-pagination] [data-field] .react-aria-Label', { fontWeight: vars.fontWeight.normal });
g('[data-quick-jump] .react-aria-Input', { width: '64px' });
g('[data-pagination] .react-aria-Select', { display: 'flex', alignItems: 'center', gap: vars.space.sm });

/* ---------- toggles (column sets) ---------- */
g('[data-column-set-switch]', { display: 'inline-flex' });
g('[data-column-set-switch] .react-aria-ToggleButton', { ...button, borderRadius: 0 });
g('[data-column-set-switch] .react-aria-ToggleButton:first-child', { borderStartStartRadius: vars.radius.md, borderEndStartRadius: vars.radius.md });
g('[data-column-set-switch] .react-aria-ToggleButton:last-child', { borderStartEndRadius: vars.radius.md, borderEndEndRadius: vars.radius.md });
g('[data-column-set-switch] .react-aria-ToggleButton[data-selected]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });

/* ---------- filters ---------- */
g('[data-tag-input]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs });
g('.react-aria-Tag', { display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.round, background: c.selected, color: c.text, outline: 'none' });
g('.react-aria-TagList', { display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
g('.react-aria-Tag .react-aria-Button', { minHeight: '20px', padding: '0 4px', border: 'none', background: 'transparent' });
g('[data-checkbox-menu-button][data-all]', { color: c.text });

/* ---------- stepper ---------- */
g('[data-stepper-list]', { display: 'flex', gap: vars.space.sm, listStyle: 'none', margin: 0, padding: 0, flexWrap: 'wrap' });
g('[data-step-button]', { border: 'none', background: 'transparent', gap: vars.space.sm });
g('[data-step-number]', { display: 'inline-grid', placeItems: 'center', width: '24px', height: '24px', borderRadius: vars.radius.round, border: `1.5px solid ${c.control}`, fontSize: vars.fontSize.sm });
g('[data-step][data-current] [data-step-number]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-step][data-complete] [data-step-number]', { borderColor: c.success, color: c.text });
g('[data-step][data-current] [data-step-label]', { fontWeight: vars.fontWeight.strong, color: c.primaryText });
g('[data-stepper-nav]', { display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

/* ---------- date range picker ---------- */
g('[data-date-range-picker]', { display: 'inline-flex', flexDirection: 'column', gap: vars.space.xs });
g('.react-aria-Group', { display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, padding: `0 ${vars.space.sm}`, minHeight: '34px', border: `1px solid ${c.control}`, borderRadius: vars.radius.md, background: c.surface });
g('.react-aria-DateInput', { display: 'inline-flex' });
g('.react-aria-DateSegment', { padding: '0 1px', borderRadius: vars.radius.sm, outline: 'none' });
g('.react-aria-DateSegment[data-placeholder]', { color: c.textMuted });
g('.react-aria-DateSegment[data-focused]', { background: c.primary, color: c.onPrimary });
g('.react-aria-RangeCalendar', { display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md });
g('.react-aria-CalendarGrid', { borderCollapse: 'collapse' });
g('.react-aria-CalendarCell', { width: '32px', height: '32px', display: 'grid', placeItems: 'center', borderRadius: vars.radius.sm, cursor: 'pointer', outline: 'none' });
g('.react-aria-CalendarCell[data-outside-month]', { visibility: 'hidden' });
g('.react-aria-CalendarCell[data-selected]', { background: c.selected, borderRadius: 0 });
g('.react-aria-CalendarCell[data-selection-start], .react-aria-CalendarCell[data-selection-end]', { background: c.primary, color: c.onPrimary, borderRadius: vars.radius.sm });
g('.react-aria-CalendarCell[data-disabled], .react-aria-CalendarCell[data-unavailable]', { color: c.textMuted, textDecoration: 'line-through' });
g('.react-aria-CalendarCell[data-focus-visible]', focusRing);

/* ---------- block palette ---------- */
g('[data-block-palette]', { display: 'grid', gridTemplateColumns: 'minmax(160px, 220px) 1fr', gap: vars.space.lg });
g('[data-block-palette][data-palette-hidden]', { gridTemplateColumns: '1fr' });
g('.react-aria-GridList', { display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.sm, border: `1px solid ${c.border}`, borderRadius: vars.radius.md, background: c.surface, outline: 'none' });
g('.react-aria-GridList[data-drop-target]', { outline: `2px dashed ${c.primary}`, outlineOffset: '-2px' });
g('.react-aria-GridListItem', { display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: vars.space.sm, border: `1px solid ${c.border}`, borderRadius: vars.radius.sm, background: c.surface, outline: 'none' });
g('.react-aria-GridListItem[data-selected]', { borderColor: c.primary, background: c.selected });
g('.react-aria-GridListItem[data-dragging]', { opacity: 0.5 });
g('.react-aria-GridListItem[data-focus-visible]', focusRing);
g('[data-palette-item][data-refused]', { color: c.textMuted });
g('[data-drag-handle]', { border: 'none', minHeight: '24px', padding: '0 4px', cursor: 'grab', background: 'transparent' });
g('[data-block-content]', { flex: 1, minWidth: 0 });
g('.react-aria-DropIndicator[data-drop-target]', { outline: `1px solid ${c.primary}` });
g('[data-canvas-empty]', { padding: vars.space.xl, textAlign: 'center', color: c.textMuted });

/* ---------- file drop zone ---------- */
g('[data-file-drop-zone]', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, padding: vars.space.xl, border: `2px dashed ${c.control}`, borderRadius: vars.radius.md, background: c.surface, textAlign: 'center' });
g('[data-file-drop-zone][data-drop-target]', { borderColor: c.primary, background: c.selected });
g('[data-file-drop-zone][data-invalid]', { borderColor: c.danger });
g('[data-drop-hint]', { margin: 0, color: c.textMuted, fontSize: vars.fontSize.sm });
g('[data-drop-errors] ul', { margin: 0, paddingInlineStart: vars.space.lg, textAlign: 'start' });

/* ---------- toast, timeline, loading ---------- */
g('[data-toast-region]', { position: 'fixed', insetBlockEnd: vars.space.lg, insetInlineEnd: vars.space.lg, zIndex: 200, display: 'flex', flexDirection: 'column', gap: vars.space.sm, outline: 'none' });
g('[data-toast]', { display: 'flex', alignItems: 'flex-start', gap: vars.space.md, minWidth: '280px', maxWidth: '420px', padding: vars.space.md, borderRadius: vars.radius.md, background: c.surface, color: c.text, boxShadow: vars.shadow.overlay, borderInlineStart: `4px solid ${c.primary}` });
g('[data-toast][data-tone=success]', { borderInlineStartColor: c.success });
g('[data-toast][data-tone=error]', { borderInlineStartColor: c.danger });
g('[data-toast][data-tone=warning]', { borderInlineStartColor: c.warningText });
g('[data-toast-content]', { display: 'flex', flexDirection: 'column', flex: 1 });
g('[data-toast-content] [slot=title]', { fontWeight: vars.fontWeight.strong });
g('[data-toast-close]', { border: 'none', minHeight: '24px', padding: '0 6px' });
g('[data-timeline]', { listStyle: 'none', margin: 0, padding: 0, borderInlineStart: `2px solid ${c.border}` });
g('[data-timeline-item]', { position: 'relative', padding: `${vars.space.sm} ${vars.space.lg}` });
g('[data-timeline-item]::before', { content: '""', position: 'absolute', insetInlineStart: '-7px', top: '14px', width: '12px', height: '12px', borderRadius: vars.radius.round, background: c.primary });
g('[data-timeline-time]', { color: c.textMuted, fontSize: vars.fontSize.sm });
const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
g('[data-loading-overlay][data-loading] > [data-loading-content]', { opacity: 0.45 });
g('[data-loading-indicator]', { position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' });
g('[data-loading-indicator]::before', { content: '""', width: '36px', height: '36px', border: `4px solid ${c.border}`, borderTopColor: c.primary, borderRadius: vars.radius.round, animation: `${spin} 0.8s linear infinite` });
g('[data-timeline-empty]', { color: c.textMuted });
g('[data-date-range-panel]', { display: 'flex', gap: vars.space.md, padding: vars.space.md });
g('[data-date-range-presets]', { display: 'flex', flexDirection: 'column', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0 });
g('[data-date-range-presets] [data-selected]', { background: c.primary, borderColor: c.primary, color: c.onPrimary });
g('[data-date-range-months]', { display: 'flex', gap: vars.space.lg });
g('[data-date-range-header]', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
g('[data-date-range-dialog]', { outline: 'none' });
g('[data-tag-input-entry]', { display: 'flex', gap: vars.space.xs });
g('[data-tag-input-note]', { color: c.textMuted, fontSize: vars.fontSize.sm });
