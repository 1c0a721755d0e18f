/**
 * Which of a site's campaigns this page view may show (docs/runtime.md, "Who sees what"): the runtime's
 * one choice function lives in `@lead/contract` (`runtime/choose.ts`), so that the admin's "which
 * campaign wins this page" answer runs the very code the loader runs.
 */
export { allowed, choose, type ChoiceState, type PageView } from '@lead/contract';
