import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSession, type TestSession } from './fixtures.js';
import { multipart, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;
let createCampaign: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, token: admin, createCampaign } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const send = (path: string, fields: Record<string, string>, csv?: string | Buffer, name = 'targets.csv') => {
  const { body, headers } = multipart(
    fields,
    csv === undefined
      ? undefined
      : { name, data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), type: 'text/csv', field: 'csv' },
  );
  return t.call('POST', `/api/admin/campaign${path}`, { token: admin, body, headers });
};
const GOOD =
  '\uFEFFtype,option,target,exclude\r\nlinks,start_with,https://bacsi-online.vn/heart/,"exact_match:https://bacsi-online.vn/heart/about/;start_with:https://bacsi-online.vn/heart/old/"\r\ntags,exact_match,cardio,\r\n';

describe('POST /campaign/validation', () => {
  it('accepts a valid file (BOM, CRLF, quoted fields)', async () => {
    const res = await send('/validation', { site_id: '1' }, GOOD);
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data).toBeNull();
    expect(res.body._messages).toEqual(['2 targets are valid.']);
  });

  it('answers 422 with one message per bad row', async () => {
    const csv = [
      'type,option,target,exclude',
      'links,start_with,https://bacsi-online.vn/ok/,',
      'pages,start_with,https://bacsi-online.vn/x/,',
      'links,contains,https://bacsi-online.vn/x/,',
      'links,exact_match,https://other.com/x/,',
      'links,exact_match,https://bacsi-online.vn/y/,start_with:https://other.com/',
      'tags,exact_match,,',
    ].join('\n');
    const res = await send('/validation', { site_id: '1' }, csv);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      csv: [
        'Row 3: The type must be one of links, tags.',
        'Row 4: The option must be one of start_with, exact_match.',
        'Row 5: not include bacsi-online.vn.',
        'Row 6: not include bacsi-online.vn.',
        'Row 7: Please add tag',
      ],
    });
  });

  it('needs the header, a row, a site of the caller, UTF-8 text and at most 10 MB', async () => {
    expect((await send('/validation', { site_id: '1' }, 'a,b\n1,2\n')).body.message).toBe(
      'The first row must be the header type,option,target,exclude.',
    );
    expect((await send('/validation', { site_id: '1' }, 'type,option,target\n')).body.message).toBe(
      'The file has no targets.',
    );
    expect((await send('/validation', {}, GOOD)).body.errors).toEqual({ site_id: ['Site is required'] });
    expect((await send('/validation', { site_id: '1' })).body.errors).toEqual({ csv: ['The csv field is required.'] });
    const member = await t.login('member@lead.test');
    const { body, headers } = multipart({ site_id: '3' }, { name: 't.csv', data: Buffer.from(GOOD), field: 'csv' });
    expect((await t.call('POST', '/api/admin/campaign/validation', { token: member, body, headers })).status).toBe(403);
    expect((await send('/validation', { site_id: '1' }, Buffer.from([0x74, 0x79, 0xff, 0xfe, 0x0a]))).status).toBe(415);
    const big = Buffer.concat([Buffer.from('type,option,target\n'), Buffer.alloc(10 * 1024 * 1024, 0x61)]);
    expect((await send('/validation', { site_id: '1' }, big)).status).toBe(413);
  });
});

describe('POST /campaign/csv/sample', () => {
  it('downloads a sample file for the site, which itself validates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaign/csv/sample',
      headers: { authorization: `Bearer ${admin}` },
      payload: { site_id: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="targets-sample-mebau.vn.csv"');
    expect(res.body.split('\r\n')[0]).toBe('type,option,target,exclude');
    expect((await send('/validation', { site_id: '2' }, res.body)).status).toBe(200);
  });
});

describe('import (POST /campaign/{id}?_target) and download', () => {
  it('replaces the targets, marks the import, and downloads them back', async () => {
    const created = await createCampaign();
    const res = await send(`/${created.id}?_target`, { _method: 'put' }, GOOD, 'heart-targets.csv');
    expect(res.status, res.raw).toBe(200);
    expect(res.body._data.model).toMatchObject({
      is_target_import: true,
      extra_fields: { csvName: 'heart-targets.csv' },
    });
    expect(res.body._data.model.targets).toEqual([
      {
        type: 'links',
        option: 'start_with',
        target: 'https://bacsi-online.vn/heart/',
        sub_target: [
          { option: 'exact_match', value: 'https://bacsi-online.vn/heart/about/' },
          { option: 'start_with', value: 'https://bacsi-online.vn/heart/old/' },
        ],
        is_import: true,
      },
      { type: 'tags', option: 'exact_match', target: 'cardio', sub_target: [], is_import: true },
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/campaign/${created.id}/targets/csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="campaign-${created.id}-targets.csv"`);
    expect((await send('/validation', { site_id: '1' }, download.body)).status).toBe(200);
    expect(download.body).toContain(
      'exact_match:https://bacsi-online.vn/heart/about/;start_with:https://bacsi-online.vn/heart/old/',
    );
  });

  it('changes nothing when the file has a bad row', async () => {
    const created = await createCampaign();
    const res = await send(
      `/${created.id}?_target`,
      { _method: 'put' },
      'type,option,target\nlinks,start_with,https://x.com/\n',
    );
    expect(res.status).toBe(422);
    const after = (await t.call('GET', `/api/admin/campaign/${created.id}`, { token: admin })).body._data.campaign;
    expect(after.is_target_import).toBe(false);
    expect(after.targets).toEqual(created.targets);
  });

  it('imports far more targets than one statement could hold (20,000), in order, in one transaction', async () => {
    const created = await createCampaign();
    const rows = Array.from({ length: 20_000 }, (_, i) => `links,exact_match,https://bacsi-online.vn/article-${i}/,`);
    const res = await send(`/${created.id}?_target`, {}, ['type,option,target,exclude', ...rows].join('\r\n'));
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    const stored = await t.database.db
      .selectFrom('campaign_targets')
      .select(['position', 'target'])
      .where('campaign_id', '=', created.id)
      .orderBy('position')
      .execute();
    expect(stored).toHaveLength(20_000);
    expect(stored[0]).toEqual({ position: 0, target: 'https://bacsi-online.vn/article-0/' });
    expect(stored[19_999]).toEqual({ position: 19_999, target: 'https://bacsi-online.vn/article-19999/' });
  });

  it('downloads a tag a spreadsheet would run as a formula as text, and reads it back as it was', async () => {
    const created = await createCampaign();
    const csv =
      'type,option,target,exclude\r\ntags,exact_match,=HYPERLINK("http://evil.test"),\r\ntags,exact_match,-cardio,\r\n';
    expect((await send(`/${created.id}?_target`, {}, csv)).status).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/campaign/${created.id}/targets/csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(download.body).toContain("'-cardio");
    expect((await send(`/${created.id}?_target`, {}, download.body)).status).toBe(200);
    const targets = (
      await t.call('GET', `/api/admin/campaign/${created.id}/targets`, { token: admin })
    ).body._data.models.map((x: { target: string }) => x.target);
    expect(targets).toEqual(['=HYPERLINK("http://evil.test")', '-cardio']);
  });
});
