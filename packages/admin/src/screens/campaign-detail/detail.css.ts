import { vars } from '@lead/styles';
import { globalStyle, style } from '@vanilla-extract/css';

export const meta = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap', margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted });
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.lg, margin: `0 0 ${vars.space.xl}` });
export const stat = style({ background: vars.color.surface, borderRadius: vars.radius.lg, padding: vars.space.lg, boxShadow: vars.shadow.raised });
globalStyle(`${stat} dt`, { color: vars.color.textMuted });
globalStyle(`${stat} dd`, { margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.strong });
export const sectionHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });
export const section = style({ marginBottom: vars.space.xl });
export const targets = style({ margin: 0, paddingInlineStart: vars.space.lg });
export const warning = style({ padding: vars.space.md, borderRadius: vars.radius.md, border: `1px solid ${vars.color.danger}`, color: vars.color.text });
