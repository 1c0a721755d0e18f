/**
 * Every @lead/headless component marks its root, and each popover, dialog, tooltip and toast
 * region it renders, with `data-lead`. Each rule applies only to elements inside such a mark:
 * a react-aria component or a `[data-button]` of the host app's own is never touched.
 */
export const SCOPE = '[data-lead]';
const within = `:where(${SCOPE}, ${SCOPE} *)`;

/** Splits a selector list at its top-level commas (not those inside :is(), :not()...). */
function splitList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

/** The selector limited to our components: the scope is added to its subject, before any pseudo-element. */
export function scoped(selector: string): string {
  return splitList(selector)
    .map((part) => {
      const pseudo = part.search(/::[a-z-]+$/);
      return pseudo === -1 ? `${part}${within}` : `${part.slice(0, pseudo)}${within}${part.slice(pseudo)}`;
    })
    .join(', ');
}
