import type { CampaignTarget, MatchOption, SubTarget, TargetType } from '../campaign.js';

export const MATCH_OPTIONS: readonly MatchOption[] = ['start_with', 'exact_match'];
export const MATCH_OPTION_LABELS: Record<MatchOption, string> = {
  start_with: 'Start with',
  exact_match: 'Exact match',
};
export const TARGET_TYPES: readonly TargetType[] = ['links', 'tags'];

export const Target = {
  addLink: 'Please add link',
  atLeastOne: 'Please add at least one link or tag.',
  notInclude: (host: string) => `not include ${host}.`,
  notUrl: (link: string) => `${link} is not a valid link.`,
  emptyTag: 'Please add tag',
  csvRequired: 'Please upload a CSV file of targets.',
} as const;

/** Targets are stored lowercased and URI-encoded, without encoding twice. */
export function normalizeLink(raw: string): string {
  const trimmed = raw.trim().toLowerCase();
  let decoded = trimmed;
  try {
    decoded = decodeURI(trimmed);
  } catch {
    // Not valid percent-encoding: encode it as it stands.
  }
  return encodeURI(decoded);
}

/** The message for a link that is not a valid URL on `host`, or null when it is fine. */
export function linkError(raw: string, host: string): string | null {
  if (!raw.trim()) return Target.addLink;
  let url: URL;
  try {
    url = new URL(normalizeLink(raw));
  } catch {
    return Target.notUrl(raw.trim());
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Target.notUrl(raw.trim());
  const h = url.hostname;
  const site = host.toLowerCase();
  if (h !== site && !h.endsWith(`.${site}`)) return Target.notInclude(host);
  return null;
}

/** The first problem of one target (with its excluding list), or null. */
export function targetError(
  t: Pick<CampaignTarget, 'type' | 'option' | 'target'> & { sub_target?: SubTarget[] },
  host: string,
): string | null {
  if (!TARGET_TYPES.includes(t.type)) return `The type must be one of ${TARGET_TYPES.join(', ')}.`;
  if (!MATCH_OPTIONS.includes(t.option)) return `The option must be one of ${MATCH_OPTIONS.join(', ')}.`;
  if (t.type === 'tags') return t.target.trim() ? null : Target.emptyTag;
  const own = linkError(t.target, host);
  if (own) return own;
  for (const sub of t.sub_target ?? []) {
    if (!MATCH_OPTIONS.includes(sub.option)) return `The option must be one of ${MATCH_OPTIONS.join(', ')}.`;
    const e = linkError(sub.value, host);
    if (e) return e;
  }
  return null;
}

export function normalizeTarget(t: CampaignTarget): CampaignTarget {
  return {
    type: t.type,
    option: t.option,
    target: t.type === 'links' ? normalizeLink(t.target) : t.target.trim(),
    sub_target: (t.sub_target ?? []).map((s) => ({ option: s.option, value: normalizeLink(s.value) })),
    is_import: Boolean(t.is_import),
  };
}
