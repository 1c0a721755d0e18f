import { describe, expect, it } from 'vitest';
import { ACTION_LABELS, rowActions } from './campaigns.store.js';

/*
 * The row menu, written out from the product's rules rather than computed:
 * - Deactive: type 0 or 1, no test running, status 1.   - Active: type 0 or 1, no test running, status -1.
 * - Rename and Edit: always.                            - Duplicate: type 0 or 1.
 * - A/B Testing: type 0.                                - Start A/B Testing: type 1, no test running.
 * - Stop A/B Testing: type 1, test running.             - Delete: always, in the list menu.
 * Variants (type 2, the rows under a test) can be activated or deactivated.
 * Types: 0 normal, 1 A/B test, 2 variant. Statuses: 1 Active, -1 Inactive, 3 Expired, 0 Schedule, 4 AB Test.
 */
const TABLE: Array<[type: 0 | 1 | 2, running: boolean, status: number, menu: string]> = [
  [0, false, 1, 'Deactive, Rename, Edit, Duplicate, A/B Testing, Delete'],
  [0, false, -1, 'Active, Rename, Edit, Duplicate, A/B Testing, Delete'],
  [0, false, 3, 'Rename, Edit, Duplicate, A/B Testing, Delete'],
  [0, false, 0, 'Rename, Edit, Duplicate, A/B Testing, Delete'],
  [1, false, 1, 'Deactive, Rename, Edit, Duplicate, Start A/B Testing, Delete'],
  [1, false, -1, 'Active, Rename, Edit, Duplicate, Start A/B Testing, Delete'],
  [1, true, 4, 'Rename, Edit, Duplicate, Stop A/B Testing, Delete'],
  [1, true, 1, 'Rename, Edit, Duplicate, Stop A/B Testing, Delete'],
  [1, false, 3, 'Rename, Edit, Duplicate, Start A/B Testing, Delete'],
  [2, false, 1, 'Deactive, Rename, Edit, Delete'],
  [2, false, -1, 'Active, Rename, Edit, Delete'],
  [2, true, 1, 'Deactive, Rename, Edit, Delete'],
];

describe('the row menu', () => {
  it.each(TABLE)('type %i, test running %s, status %i: %s', (type, running, status, menu) => {
    expect(
      rowActions({ type, is_testing_running: running, status: status as 1 })
        .map((a) => ACTION_LABELS[a])
        .join(', '),
    ).toBe(menu);
  });
});
