import { join } from 'node:path';

/** The components' docs pages: docs/components/{page}.md. */
export const DOCS_DIR = join(import.meta.dirname, '../../../../docs/components/');
export const pagePath = (page: string) => `${DOCS_DIR}${page}.md`;

const markers = (name: string) => [`<!-- ${name} -->`, `<!-- /${name} -->`] as const;

/** A generated section of a page, between its markers; null when the page has none. */
export function readSection(doc: string, name: string): string | null {
  const [start, end] = markers(name);
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  return a === -1 || b === -1 ? null : doc.slice(a + start.length, b).trim();
}

/**
 * The page with the section replaced; a page without it gets it under `heading`, before the
 * section named `before` when the page has that one, else at the end.
 */
export function writeSection(doc: string, name: string, body: string, heading: string, before?: string): string {
  const [start, end] = markers(name);
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a !== -1 && b !== -1) return `${doc.slice(0, a + start.length)}\n${body}\n${doc.slice(b)}`;
  const block = `## ${heading}\n\n${start}\n${body}\n${end}\n`;
  const next = before ? doc.indexOf(`<!-- ${before} -->`) : -1;
  if (next !== -1) {
    const at = doc.lastIndexOf('\n## ', next);
    return `${doc.slice(0, at + 1)}${block}\n${doc.slice(at + 1)}`;
  }
  return `${doc.trimEnd()}\n\n${block}`;
}
