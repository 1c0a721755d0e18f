import { Type } from 'typebox';

/** The random id the pop-up keeps per browser (local storage): what per-visitor limits count. */
export const VisitorId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
