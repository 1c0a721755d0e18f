import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, multipart, padded, startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('member@lead.test');
});
afterAll(() => t.close());

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
const upload = (kind: string | null, file?: { name: string; data: Buffer }) => {
  const { body, headers } = multipart(kind === null ? {} : { kind }, file);
  return t.call('POST', '/api/admin/uploads', { token, body, headers });
};

describe('POST /uploads', () => {
  it('keeps no row when the file cannot be written, and no file is left behind in the temporary directory', async () => {
    // A file where the kind's folder should be: the move into place fails after the row was written.
    const { writeFile, readdir, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    await writeFile(join(t.config.dataDir, 'uploads', 'overlay'), 'not a folder');
    // The server's own spool folder: nothing else's temporary files are counted.
    const spooled = async () => (await readdir(t.app.spoolDir)).length;
    const before = { rows: await t.count('uploads'), spooled: await spooled() };
    try {
      const res = await upload('overlay', { name: 'o.png', data: PNG });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Something wrong!');
      expect(await t.count('uploads')).toBe(before.rows);
      expect(await spooled()).toBe(before.spooled);
    } finally {
      await rm(join(t.config.dataDir, 'uploads', 'overlay'));
    }
  });

  it('stores an avatar and serves it under /uploads/', async () => {
    const res = await upload('avatar', { name: 'me.png', data: PNG });
    expect(res.status).toBe(200);
    expect(res.body._data).toMatchObject({ name: 'me.png', size: PNG.length });
    expect(res.body._data.url).toMatch(/^\/uploads\/avatar\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.body._data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes an avatar of exactly 520000 bytes and refuses 520001 with both messages', async () => {
    expect((await upload('avatar', { name: 'a.png', data: padded(PNG, 520_000) })).status).toBe(200);
    const res = await upload('avatar', { name: 'a.png', data: padded(PNG, 520_001) });
    expect(res.status).toBe(413);
    expect(res.body._messages).toEqual([
      'The image is too large to upload',
      'Please up load image less than 500Kb for optimize loading time popup.',
    ]);
  });

  it('holds builder images to 1 MB, overlays to 500 KB, videos to 5 MB and CSV to 10 MB', async () => {
    const cases: Array<[string, Buffer, number, string]> = [
      ['image', PNG, 1024 * 1024, 'Your image is too large'],
      ['overlay', PNG, 500 * 1024, 'Your image is too large'],
      ['video', MP4, 5 * 1024 * 1024, 'Your video is too large'],
      ['csv', Buffer.from('type,option,target\n'), 10 * 1024 * 1024, 'The file is too large.'],
    ];
    for (const [kind, head, limit, message] of cases) {
      const fill =
        kind === 'csv'
          ? (n: number) => Buffer.concat([head, Buffer.alloc(n - head.length, 0x61)])
          : (n: number) => padded(head, n);
      expect((await upload(kind, { name: `f.${kind}`, data: fill(limit) })).status, `${kind} at its limit`).toBe(200);
      const over = await upload(kind, { name: `f.${kind}`, data: fill(limit + 1) });
      expect(over.status, `${kind} over its limit`).toBe(413);
      expect(over.body.message).toBe(message);
    }
  });

  it('checks the content, not the name: 415 for a PNG sent as video, text sent as image, a binary CSV', async () => {
    for (const [kind, data, name] of [
      ['video', PNG, 'clip.mp4'],
      ['avatar', Buffer.from('not an image'), 'me.png'],
      ['csv', PNG, 'targets.csv'],
      ['image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
    ] as const) {
      const res = await upload(kind, { name, data });
      expect(res.status, `${kind} ${name}`).toBe(415);
      expect(res.body.message).toBe('This type of file is not allowed.');
    }
  });

  it('accepts an mp4 video and a UTF-8 CSV with a BOM', async () => {
    expect((await upload('video', { name: 'v.mp4', data: MP4 })).status).toBe(200);
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('type,option,target\r\nlinks,start_with,https://mebau.vn/\r\n'),
    ]);
    expect((await upload('csv', { name: 't.csv', data: csv })).status).toBe(200);
  });

  it('names a missing or unknown kind and a missing file with 422, storing nothing', async () => {
    const before = await t.count('uploads');
    const noKind = await upload(null, { name: 'a.png', data: PNG });
    expect(noKind.status).toBe(422);
    expect(noKind.body.errors).toEqual({ kind: ['The kind field is required.'] });
    const badKind = await upload('pdf', { name: 'a.png', data: PNG });
    expect(badKind.body.errors).toEqual({ kind: ['The kind must be one of avatar, image, overlay, video, csv.'] });
    const noFile = await upload('avatar');
    expect(noFile.body.errors).toEqual({ file: ['The file field is required.'] });
    const json = await t.call('POST', '/api/admin/uploads', { token, body: { kind: 'avatar' } });
    expect(json.status).toBe(422);
    expect(await t.count('uploads')).toBe(before);
  });

  it('needs a session', async () => {
    const { body, headers } = multipart({ kind: 'avatar' }, { name: 'a.png', data: PNG });
    expect((await t.call('POST', '/api/admin/uploads', { body, headers })).status).toBe(401);
  });
});
