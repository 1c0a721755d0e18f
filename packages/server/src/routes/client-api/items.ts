import { verdictError, type VerdictInput } from '@lead/contract';
import type { VerdictItem } from '@lead/contract/api';
import { HttpError } from '../../lib/http-error.js';

/**
 * A request's verdicts as the rules take them, once each reason is checked (docs/api/verdicts.md):
 * a rejection needs one of the reasons, an acceptance none; 422 naming each that fails, and then
 * nothing of the request is recorded.
 */
export function checkedVerdicts(verdicts: readonly VerdictItem[]): (VerdictInput & { lead_id: number })[] {
  const errors: Record<string, string[]> = {};
  verdicts.forEach((v, i) => {
    const error = verdictError({ verdict: v.verdict, reason: v.reason as never });
    if (error) errors[`verdicts.${i}.reason`] = [error];
  });
  if (Object.keys(errors).length) throw HttpError.validation(errors);
  return verdicts.map((v) => ({ ...v, reason: (v.reason ?? null) as never }));
}
