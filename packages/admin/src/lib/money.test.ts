import { describe, expect, it } from 'vitest';
import { currencyOptions, formatGoalProgress, formatMoney } from './money.js';

describe('money and goals', () => {
  it("formats spend in the client's currency", () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(780, 'EUR')).toBe('€780.00');
    expect(formatMoney(25000, 'VND')).toBe('₫25,000');
  });

  it("shows goal progress as '312 of 500', and the count alone without a goal", () => {
    expect(formatGoalProgress(312, 500)).toBe('312 of 500');
    expect(formatGoalProgress(1500, 1000)).toBe('1,500 of 1,000');
    expect(formatGoalProgress(7, null)).toBe('7');
  });

  it('offers every currency the runtime knows, USD among them', () => {
    expect(currencyOptions()).toContainEqual({ id: 'USD', label: 'USD – US Dollar' });
  });
});
