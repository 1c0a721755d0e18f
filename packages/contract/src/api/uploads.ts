/** Uploads (docs/api/accounts.md, "Uploads"): a multipart `file` and `kind` (checked by the route), answered with the file's URL. */
import { Type, type Static } from 'typebox';
import { responses } from './common.js';
import type { RouteSpec } from './route.js';

export const UploadSchema = Type.Object({ url: Type.String(), name: Type.String(), size: Type.Integer() });
export type Upload = Static<typeof UploadSchema>;

export const uploadsApi = {
  create: { method: 'POST', url: '/api/admin/uploads', response: responses(UploadSchema) },
} as const satisfies Record<string, RouteSpec>;
export type UploadsApi = typeof uploadsApi;
