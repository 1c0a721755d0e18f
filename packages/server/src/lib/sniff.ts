/** What a file really is, read from its first bytes rather than its name. */
export interface Sniffed {
  family: 'image' | 'video' | 'csv';
  mime: string;
  ext: string;
}

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));

export function sniff(buf: Uint8Array): Sniffed | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { family: 'image', mime: 'image/png', ext: 'png' };
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { family: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a')
    return { family: 'image', mime: 'image/gif', ext: 'gif' };
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return { family: 'image', mime: 'image/webp', ext: 'webp' };
  if (ascii(buf, 4, 8) === 'ftyp') return { family: 'video', mime: 'video/mp4', ext: 'mp4' };
  if (isText(buf)) return { family: 'csv', mime: 'text/csv', ext: 'csv' };
  return null;
}

/** UTF-8 text with no NUL or other binary control bytes: what a CSV file is. */
function isText(buf: Uint8Array): boolean {
  if (buf.length === 0) return false;
  try {
    // stream: a character cut at the end of the bytes we were given is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(buf, { stream: true });
  } catch {
    return false;
  }
  for (const b of buf) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) return false;
  return true;
}
