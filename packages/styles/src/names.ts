/** 'fontSize' -> 'font-size'. */
const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The custom property of a theme variable, without its leading dashes: ['fontSize', 'sm'] -> 'lead-font-size-sm'. */
export const propertyName = (path: readonly string[]): string => `lead-${path.map(kebab).join('-')}`;

/** Every theme variable of `values` as [custom property, value], in the contract's order. */
export function themeProperties(values: object, path: string[] = []): Array<[string, string]> {
  return Object.entries(values).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? themeProperties(value, [...path, key])
      : [[`--${propertyName([...path, key])}`, String(value)] as [string, string]],
  );
}
