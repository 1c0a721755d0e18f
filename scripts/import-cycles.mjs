// No import circle in our sources (npm run lint): a module that needs another's piece takes it
// from a third both import. Reads every packages/*/src file with TypeScript's parser and follows
// its relative value imports and re-exports; `import type` and `export type` are erased and
// `import()` is evaluated later, so neither can make a circle that bites. Prints each circle.
// (eslint-plugin-import-x's no-cycle needs unrs-resolver, whose other platforms' binaries the
// registry this project installs from does not offer, so `npm ci` could not install it.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(path);
    return SOURCE.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file a relative specifier names: './x.js' is x.ts or x.tsx; './dir' is its index. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The files `file` imports for their values, at load time. */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out = [];
  for (const statement of source.statements) {
    let specifier;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      specifier = statement.moduleSpecifier;
      // `import { type A, type B } from` names types only.
      if (
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length &&
        named.elements.every((e) => e.isTypeOnly)
      )
        continue;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      specifier = statement.moduleSpecifier;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = resolveSpecifier(file, specifier.text);
    if (target) out.push(target);
  }
  return out;
}

export function importCycles(dirs) {
  const graph = new Map();
  for (const dir of dirs) for (const file of files(dir)) graph.set(file, valueImports(file));
  // Tarjan's strongly connected components: each of more than one file (or a file importing itself) is a circle.
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

if (process.argv[1] === import.meta.filename) {
  const packages = join(root, 'packages');
  const dirs = readdirSync(packages).map((p) => join(packages, p, 'src'));
  const cycles = importCycles(dirs);
  for (const cycle of cycles) console.error(`Import circle: ${cycle.map((f) => relative(root, f)).join(' <-> ')}`);
  if (cycles.length) process.exit(1);
  console.warn(`No import circle in ${dirs.filter(existsSync).length} packages' sources.`);
}
