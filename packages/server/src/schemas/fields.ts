import { Type } from 'typebox';

/** An uploaded file's URL (from POST /uploads) or an absolute http(s) URL. */
export const FileUrl = Type.String({ maxLength: 2000, pattern: '^(/uploads/[A-Za-z0-9._/-]+|https?://\\S+)$' });

export const Name = Type.String({ maxLength: 255 });
