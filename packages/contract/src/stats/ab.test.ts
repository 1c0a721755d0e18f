import { describe, expect, it } from 'vitest';
import {
  chanceToBeat,
  chiSquarePValue,
  logGamma,
  normalCdf,
  sampleRatioPValue,
  testResult,
  uplift,
  type ArmFigures,
} from './ab.js';

/**
 * Reference values come from outside this module: published tables (the
 * chi-square critical values, Φ, Γ) and an independent computation of
 * P(B > A) by numerical integration of the two Beta densities, written here.
 */

/** P(B > A) = ∫ f_B(x) F_A(x) dx by Simpson's rule on a fine grid, with F_A integrated alongside. */
function integrated(a: ArmFigures, b: ArmFigures, steps = 200_000): number {
  const pdf = (alpha: number, beta: number) => {
    const lb = logGamma(alpha) + logGamma(beta) - logGamma(alpha + beta);
    return (x: number) =>
      x <= 0 || x >= 1 ? 0 : Math.exp((alpha - 1) * Math.log(x) + (beta - 1) * Math.log(1 - x) - lb);
  };
  const fa = pdf(1 + a.leads, 1 + a.impressions - a.leads);
  const fb = pdf(1 + b.leads, 1 + b.impressions - b.leads);
  const h = 1 / steps;
  let cdfA = 0;
  let total = 0;
  for (let i = 1; i <= steps; i++) {
    const x0 = (i - 1) * h;
    const x1 = i * h;
    const xm = (x0 + x1) / 2;
    const cdfMid = cdfA + (h / 12) * (fa(x0) + 4 * fa((x0 + xm) / 2) + fa(xm));
    const cdfEnd = cdfA + (h / 6) * (fa(x0) + 4 * fa(xm) + fa(x1));
    total += (h / 6) * (fb(x0) * cdfA + 4 * fb(xm) * cdfMid + fb(x1) * cdfEnd);
    cdfA = cdfEnd;
  }
  return total;
}

describe('special functions against published values', () => {
  it.each([
    [1, 0],
    [0.5, Math.log(Math.sqrt(Math.PI))],
    [5, Math.log(24)],
    [10.5, Math.log(1133278.38894878)],
    [101, 363.73937555556347],
  ])('ln Γ(%d)', (x, expected) => expect(logGamma(x)).toBeCloseTo(expected, 9));

  it.each([
    [0, 0.5],
    [1.959964, 0.975],
    [-1.644854, 0.05],
    [3.090232, 0.999],
  ])('Φ(%d)', (z, expected) => expect(normalCdf(z)).toBeCloseTo(expected, 6));

  it.each([
    [3.841459, 1, 0.05],
    [6.634897, 1, 0.01],
    [10.827566, 1, 0.001],
    [5.991465, 2, 0.05],
    [16.266236, 3, 0.001],
    [0, 4, 1],
  ])('chi-square %d with %d degrees of freedom has p = %d', (x, df, p) =>
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 6),
  );
});

describe('chance to beat the control', () => {
  it.each([
    [
      { impressions: 1000, leads: 100 },
      { impressions: 1000, leads: 120 },
    ],
    [
      { impressions: 200, leads: 10 },
      { impressions: 180, leads: 4 },
    ],
    [
      { impressions: 5000, leads: 150 },
      { impressions: 5100, leads: 160 },
    ],
  ])('%o against %o matches numerical integration', (a, b) => {
    expect(chanceToBeat(a, b)).toBeCloseTo(integrated(a, b), 4);
  });

  it('matches the closed form when the control has no lead: P(A > B) = E[(1 - B)^β] = B(αB, βB + β) / B(αB, βB)', () => {
    // A ~ Beta(1, 301), B ~ Beta(4, 298): a different derivation from the sum chanceToBeat uses.
    const lb = (x: number, y: number) => logGamma(x) + logGamma(y) - logGamma(x + y);
    expect(chanceToBeat({ impressions: 300, leads: 0 }, { impressions: 300, leads: 3 })).toBeCloseTo(
      1 - Math.exp(lb(4, 599) - lb(4, 298)),
      9,
    );
  });

  it('is symmetric, one half for equal arms, and near certain for a large lift', () => {
    const a = { impressions: 2000, leads: 80 };
    const b = { impressions: 2000, leads: 100 };
    expect(chanceToBeat(a, b) + chanceToBeat(b, a)).toBeCloseTo(1, 9);
    expect(chanceToBeat(a, a)).toBeCloseTo(0.5, 9);
    expect(chanceToBeat({ impressions: 10_000, leads: 100 }, { impressions: 10_000, leads: 300 })).toBeGreaterThan(
      0.9999,
    );
  });

  it('agrees with the exact sum when the normal approximation takes over (very large counts)', () => {
    const a = { impressions: 3_000_000, leads: 60_000 };
    const b = { impressions: 3_000_000, leads: 60_600 };
    const [ma, mb] = [60_001 / 3_000_002, 60_601 / 3_000_002];
    // Beta variances of these posteriors, written out: α β / ((α + β)² (α + β + 1)).
    const variance = (al: number, be: number) => (al * be) / ((al + be) ** 2 * (al + be + 1));
    const z = (mb - ma) / Math.sqrt(variance(60_001, 2_940_001) + variance(60_601, 2_939_401));
    expect(chanceToBeat(a, b)).toBeCloseTo(normalCdf(z), 9);
    expect(chanceToBeat(a, b)).toBeGreaterThan(0.95);
  });
});

describe('uplift and its 95% credible interval', () => {
  it('centres on the ratio of the posterior means and holds the true lift', () => {
    const u = uplift({ impressions: 10_000, leads: 500 }, { impressions: 10_000, leads: 600 });
    expect(u.expected).toBeCloseTo(601 / 501 - 1, 9);
    expect(u.low).toBeLessThan(u.expected);
    expect(u.high).toBeGreaterThan(u.expected);
    // Delta method by hand: sd of ln(ratio) ≈ sqrt((1-p)/(n p) for each arm).
    const sd = Math.sqrt(
      (1 - 501 / 10_002) / (10_002 * (501 / 10_002)) + (1 - 601 / 10_002) / (10_002 * (601 / 10_002)),
    );
    expect(u.low).toBeCloseTo(Math.exp(Math.log(601 / 501) - 1.96 * sd) - 1, 3);
  });
});

describe('a test’s results', () => {
  it('says not enough data until every arm has 150 impressions, and flags a split far from even', () => {
    expect(
      testResult([
        { impressions: 149, leads: 3 },
        { impressions: 400, leads: 9 },
      ]).enoughData,
    ).toBe(false);
    const even = testResult([
      { impressions: 1000, leads: 50 },
      { impressions: 1010, leads: 70 },
    ]);
    expect(even.enoughData).toBe(true);
    expect(even.sampleRatioMismatch).toBe(false);
    expect(even.arms[0]!.chanceToBeatControl).toBeNull();
    expect(even.arms[1]!.chanceToBeatControl).toBeGreaterThan(0.95);
    expect(even.arms[1]!.conversionRate).toBeCloseTo(70 / 1010, 12);
    // 1000 against 1200: chi-square 18.18, p about 2e-5.
    const skewed = testResult([
      { impressions: 1000, leads: 50 },
      { impressions: 1200, leads: 60 },
    ]);
    expect(skewed.sampleRatioMismatch).toBe(true);
    expect(sampleRatioPValue([1000, 1200])).toBeCloseTo(2.0e-5, 5);
  });
});
