/**
 * Where visitors give up (issue #46): of the visitors who started a campaign's form, how many left
 * it unsent at each field (docs/decisions/0009). Counted from the pop-up's `start` and `leave`
 * events (docs/api/public.md), without anything typed.
 */
import { Type, type Static } from 'typebox';
import { IdParams, responses } from './common.js';
import type { RouteSpec } from './route.js';

/** One field of the form: its block's index in `forms`, the visitors who started there and who left there. */
export const FormFieldFigures = Type.Object({
  field: Type.Integer(),
  /** Visitors whose first field was this one. */
  started: Type.Integer(),
  /** Visitors who left the form unsent with this field the last they reached. */
  dropped: Type.Integer(),
});
export type FormFieldFigure = Static<typeof FormFieldFigures>;

export const FormFieldsAnswer = Type.Object({
  /** Visitors who started the form (the sum of the fields' `started`). */
  started: Type.Integer(),
  /** The fields with any figure, by index. */
  fields: Type.Array(FormFieldFigures),
});
export type FormFields = Static<typeof FormFieldsAnswer>;

export const formFieldsApi = {
  /** The campaign's own figures since it began (an A/B arm's are its own campaign's). */
  fields: {
    method: 'GET',
    url: '/api/admin/campaign/:id/fields',
    params: IdParams,
    response: responses(FormFieldsAnswer),
  },
} as const satisfies Record<string, RouteSpec>;

export type FormFieldsApi = typeof formFieldsApi;
