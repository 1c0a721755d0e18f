/** The admin API calls bench/partners.ts makes (outside vitest, so not through e2e/helpers.ts). */
import { validCampaign } from '@lead/contract/fixtures';

async function call<T>(base: string, token: string, method: string, path: string, json?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/admin/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const body = (await res.json()) as { _data: T };
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body._data;
}

/** The demo's system admin's access token. */
export async function apiLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'system@lead.test', password: 'Password123!' }),
  });
  return ((await res.json()) as { _data: { access_token: string } })._data.access_token;
}

/**
 * An active campaign (the builder's LightBoxB, on landing after 3 seconds, every page view) on
 * `path` of the site, or on its pages tagged `tag`; its code.
 */
export async function apiCall(
  base: string,
  token: string,
  site: { id: number; host: string },
  path: string,
  tag: string | null,
): Promise<string> {
  const clients = await call<{ models: Array<{ id: number }> }>(
    base,
    token,
    'GET',
    `clients?site_ids=${site.id}&assigned=1`,
  );
  const clientId = Math.min(...clients.models.map((c) => c.id));
  const made = await call<{ model: { code: string } }>(
    base,
    token,
    'POST',
    'campaign',
    validCampaign(clientId, {
      name: `Bench ${path}`,
      site_id: site.id,
      rules: [
        { rule: 'time_on_page', value: 3 },
        { rule: 'days_to_show_again', value: 0 },
      ],
      targets: [
        tag
          ? { type: 'tags', option: 'exact_match', target: tag, sub_target: [] }
          : { type: 'links', option: 'exact_match', target: `https://${site.host}${path}`, sub_target: [] },
      ],
    }),
  );
  return made.model.code;
}
