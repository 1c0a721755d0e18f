/**
 * A/B test statistics, Bayesian as GrowthBook does it: each arm's conversion
 * rate has a Beta(1 + leads, 1 + impressions - leads) posterior (a uniform
 * prior); the chance that a variant beats the control is P(B > A) under those
 * posteriors; the uplift's 95% credible interval is from a log-normal
 * approximation of the ratio of the two rates; a sample-ratio mismatch is a
 * chi-square test of the impressions against an even split.
 */

/** An arm of a test: how many saw it, how many became leads. */
export interface ArmFigures {
  impressions: number;
  leads: number;
}

/** Until every arm has this many impressions, results say "not enough data yet". */
export const MIN_IMPRESSIONS = 150;
/** A sample-ratio mismatch is flagged below this p-value. */
export const SRM_P_VALUE = 0.001;

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** The Beta posterior of an arm's conversion rate. */
export function posterior(arm: ArmFigures): { alpha: number; beta: number } {
  const leads = Math.max(0, Math.min(arm.leads, arm.impressions));
  return { alpha: 1 + leads, beta: 1 + arm.impressions - leads };
}

/** The standard normal CDF, through erfc (Numerical Recipes' Chebyshev fit: relative error below 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** The exact sum stays under this many terms; past it the normal approximation is as good as exact. */
const EXACT_TERMS = 50_000;

/**
 * P(rate of `b` > rate of `a`) under their Beta posteriors: exact (Evan
 * Miller's closed form for integer parameters) when the variant's leads are
 * few enough, otherwise a normal approximation of the difference.
 */
export function chanceToBeat(a: ArmFigures, b: ArmFigures): number {
  const A = posterior(a);
  const B = posterior(b);
  if (B.alpha <= EXACT_TERMS) {
    let total = 0;
    for (let i = 0; i < B.alpha; i++) {
      total += Math.exp(
        logBeta(A.alpha + i, A.beta + B.beta) -
          Math.log(B.beta + i) -
          logBeta(1 + i, B.beta) -
          logBeta(A.alpha, A.beta),
      );
    }
    return Math.min(1, Math.max(0, total));
  }
  const [ma, va] = moments(A);
  const [mb, vb] = moments(B);
  return normalCdf((mb - ma) / Math.sqrt(va + vb));
}

const moments = ({ alpha, beta }: { alpha: number; beta: number }): [number, number] => {
  const mean = alpha / (alpha + beta);
  return [mean, (alpha * beta) / ((alpha + beta) ** 2 * (alpha + beta + 1))];
};

/**
 * The variant's relative uplift over the control, (rate B / rate A) - 1: the
 * posterior means' ratio, and a 95% credible interval from a log-normal
 * approximation of the ratio (the delta method, as GrowthBook does).
 */
export function uplift(a: ArmFigures, b: ArmFigures): { expected: number; low: number; high: number } {
  const [ma, va] = moments(posterior(a));
  const [mb, vb] = moments(posterior(b));
  const mean = Math.log(mb / ma);
  const sd = Math.sqrt(va / (ma * ma) + vb / (mb * mb));
  return { expected: mb / ma - 1, low: Math.exp(mean - 1.959964 * sd) - 1, high: Math.exp(mean + 1.959964 * sd) - 1 };
}

/** The regularised lower incomplete gamma P(s, x) (series below s + 1, continued fraction above). */
export function lowerGammaP(s: number, x: number): number {
  if (x <= 0) return 0;
  const lead = s * Math.log(x) - x - logGamma(s);
  if (x < s + 1) {
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.exp(lead) * sum;
  }
  // Lentz's continued fraction for Q(s, x).
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return 1 - Math.exp(lead) * h;
}

/** The p-value of a chi-square statistic with `df` degrees of freedom. */
export const chiSquarePValue = (statistic: number, df: number): number =>
  Math.max(0, 1 - lowerGammaP(df / 2, statistic / 2));

/** Sample-ratio mismatch: the p-value of the arms' impressions against an even split. */
export function sampleRatioPValue(impressions: readonly number[]): number {
  const total = impressions.reduce((s, n) => s + n, 0);
  if (impressions.length < 2 || total === 0) return 1;
  const expected = total / impressions.length;
  const statistic = impressions.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
  return chiSquarePValue(statistic, impressions.length - 1);
}

export interface VariantResult extends ArmFigures {
  conversionRate: number;
  /** Relative to the control; null for the control itself. */
  uplift: { expected: number; low: number; high: number } | null;
  chanceToBeatControl: number | null;
}

export interface TestResult {
  arms: VariantResult[];
  /** False until every arm has MIN_IMPRESSIONS impressions: then no verdict is shown. */
  enoughData: boolean;
  sampleRatioPValue: number;
  /** The split is not what was asked for (p < SRM_P_VALUE): the figures cannot be trusted. */
  sampleRatioMismatch: boolean;
}

/** Every figure of an A/B test's results; `arms[0]` is the control (the original). */
export function testResult(arms: readonly ArmFigures[]): TestResult {
  const control = arms[0];
  const p = sampleRatioPValue(arms.map((a) => a.impressions));
  return {
    arms: arms.map((arm, i) => ({
      ...arm,
      conversionRate: arm.impressions ? arm.leads / arm.impressions : 0,
      uplift: i === 0 || !control ? null : uplift(control, arm),
      chanceToBeatControl: i === 0 || !control ? null : chanceToBeat(control, arm),
    })),
    enoughData: arms.length >= 2 && arms.every((a) => a.impressions >= MIN_IMPRESSIONS),
    sampleRatioPValue: p,
    sampleRatioMismatch: p < SRM_P_VALUE,
  };
}

// The results' wire types are derived from their schemas (`@lead/contract/api`).
export type { AbArmWire, AbResultsWire } from '../api/campaign-actions.js';
