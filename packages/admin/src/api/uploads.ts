import { UPLOAD_LIMITS, type UploadKind } from '@lead/contract';
import { call } from './client.js';
import { reportNotice } from './failures.js';

/**
 * Uploads `file` as `kind` (POST /uploads) after checking its size against the product's limit for
 * that kind; an oversized file is refused with `tooLarge` (title and optional description) and
 * never sent. Returns the file's URL, or null when refused or failed (the shell showed why: api/failures.ts).
 */
export async function uploadFile(kind: UploadKind, file: File, tooLarge: [string, string?]): Promise<string | null> {
  if (file.size > UPLOAD_LIMITS[kind].maxBytes) {
    reportNotice(...tooLarge);
    return null;
  }
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file);
  try {
    return (await call('POST /api/admin/uploads', { form: body }))._data.url;
  } catch {
    return null;
  }
}
