import { join } from 'node:path';
import ts from 'typescript';

/** The components each docs page documents, by the name of their props type (`{name}Props`). */
export const PAGES: Record<string, readonly string[]> = {
  BlockPalette: ['BlockPalette'],
  Button: ['Button'],
  Checkbox: ['Checkbox', 'CheckboxGroup', 'Switch'],
  DataTable: ['DataTable', 'Pagination', 'ColumnSetSwitch', 'RowActionsMenu'],
  DateRangePicker: ['DateRangePicker'],
  Dialog: ['Dialog', 'ConfirmDialog'],
  FileDropZone: ['FileDropZone'],
  Filters: ['CheckboxMenu', 'CheckboxPicker', 'TagInput', 'DebouncedSearchField'],
  LoadingOverlay: ['LoadingOverlay'],
  Menu: ['MenuButton'],
  RadioGroup: ['RadioGroup'],
  Select: ['Select', 'ComboBox'],
  Stepper: ['Stepper', 'StepperNav'],
  Tabs: ['Tabs'],
  TextField: ['TextField'],
  Timeline: ['Timeline'],
  Toast: ['ToastRegion'],
  Tooltip: ['Tooltip'],
  VirtualizedDataTable: ['VirtualizedDataTable'],
};

const SRC = join(import.meta.dirname, '../../src/');

/** Our names for react-aria's props types, as a reader knows them. */
const readable = (text: string) =>
  text
    .replace(/\bAria(\w+Props)\b/g, "react-aria's $1")
    .replace(/\bRootProps<(\w+), [^>]+>/g, 'every DOM attribute of its root `<$1>` with `className`, `style` and `ref`')
    .replace(/\s+/g, ' ')
    // A type Prettier broke over lines ('Omit<\n  Props,\n  ...\n>') reads as one line.
    .replace(/<\s+/g, '<')
    .replace(/\s+>/g, '>');

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

let built: ts.Program | undefined;
/** The library's program, made once: the props tables and the pages check both read it. */
function program(): ts.Program {
  if (built) return built;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(import.meta.dirname, '../../tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('packages/headless/tsconfig.json could not be read');
  built = ts.createProgram([join(SRC, 'index.ts')], config.options);
  return built;
}

/** The exported components that have an exported `{name}Props` type: each must have a page. */
export function componentsWithProps(): string[] {
  const prog = program();
  const checker = prog.getTypeChecker();
  const names = checker
    .getExportsOfModule(checker.getSymbolAtLocation(prog.getSourceFile(join(SRC, 'index.ts'))!)!)
    .map((s) => s.name);
  return names.filter((n) => names.includes(`${n}Props`) && /^[A-Z]/.test(n)).sort();
}

/**
 * The props tables, generated from the TypeScript types: each component's own props (those
 * declared in @lead/headless) with their type as written, whether they are required, and their
 * doc comment; then what the props type extends (react-aria's props of its root, or the DOM
 * attributes of a plain root), which it takes too.
 */
export function propsSections(): Map<string, string> {
  const prog = program();
  const checker = prog.getTypeChecker();
  const index = prog.getSourceFile(join(SRC, 'index.ts'))!;
  const exports = new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(index)!).map((s) => [s.name, s]));
  const table = (component: string): string => {
    let symbol = exports.get(`${component}Props`);
    if (!symbol) throw new Error(`${component}Props is not exported by @lead/headless`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol.declarations!.find(ts.isInterfaceDeclaration);
    if (!declaration) throw new Error(`${component}Props is not an interface`);
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const rows = checker
      .getPropertiesOfType(type)
      .filter((p) => p.declarations?.some((d) => d.getSourceFile().fileName.startsWith(SRC)))
      .map((p) => {
        const d = p.declarations!.find((x) => x.getSourceFile().fileName.startsWith(SRC)) as ts.PropertySignature;
        const written = d.type ? d.type.getText() : checker.typeToString(checker.getTypeOfSymbolAtLocation(p, d));
        const required = (p.flags & ts.SymbolFlags.Optional) === 0;
        const doc = ts.displayPartsToString(p.getDocumentationComment(checker));
        return `| \`${p.name}\` | \`${cell(written)}\` | ${required ? 'yes' : ''} | ${cell(doc)} |`;
      });
    const extended = (declaration.heritageClauses ?? []).flatMap((h) => h.types.map((t) => readable(t.getText())));
    return [
      `**${component}**`,
      '',
      '| prop | type | required | what it does |',
      '|---|---|---|---|',
      ...rows,
      ...(extended.length
        ? ['', `Also takes: ${extended.map((e) => (e.startsWith('every') ? e : `\`${e}\``)).join('; ')}.`]
        : []),
    ].join('\n');
  };
  return new Map(
    Object.entries(PAGES).map(([page, components]) => [
      page,
      [
        'Generated from the TypeScript types by `npm run docs:components -w @lead/headless`; a test fails when this table and the types disagree.',
        '',
        ...components.map(table).flatMap((t) => [t, '']),
      ]
        .join('\n')
        .trim(),
    ]),
  );
}
