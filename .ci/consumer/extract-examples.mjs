// Copies the example of every docs page (docs/components/{Page}.md, its ```tsx example block) into
// src/examples/{Page}.tsx and lists them in src/examples/index.tsx, so that the consumer app
// typechecks, builds and renders each as written. Run by .ci/consumer-smoke.sh:
//   node extract-examples.mjs <docs/components> <src/examples>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [docs, out] = process.argv.slice(2);
const pages = [];
for (const file of readdirSync(docs)
  .filter((f) => f.endsWith('.md'))
  .sort()) {
  const blocks = [...readFileSync(join(docs, file), 'utf8').matchAll(/```tsx example\n([\s\S]*?)\n```/g)];
  if (blocks.length === 0) continue;
  if (blocks.length > 1) throw new Error(`${file} has more than one example block`);
  const page = file.replace(/\.md$/, '');
  writeFileSync(join(out, `${page}.tsx`), `${blocks[0][1]}\n`);
  pages.push(page);
}
writeFileSync(
  join(out, 'index.tsx'),
  [
    "import type { ComponentType } from 'react';",
    ...pages.map((p) => `import { Example as ${p} } from './${p}';`),
    '',
    "/** Every docs page's example, written by extract-examples.mjs. */",
    `export const EXAMPLES: Array<{ page: string; Example: ComponentType }> = [${pages.map((p) => `{ page: '${p}', Example: ${p} }`).join(', ')}];`,
    '',
  ].join('\n'),
);
writeFileSync(join(out, 'pages.json'), `${JSON.stringify(pages)}\n`);
console.log(`Extracted ${pages.length} examples: ${pages.join(', ')}`);
