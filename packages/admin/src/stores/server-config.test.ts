import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverConfig } from '../config.js';
import { loadServerConfig } from './server-config.js';

const answer = (body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );

afterEach(() => {
  vi.restoreAllMocks();
  serverConfig.timeZone = 'Asia/Ho_Chi_Minh';
});

describe("the server's configuration", () => {
  it('takes the time zone the server answers', async () => {
    const fetch = answer({ _status: 1, _data: { time_zone: 'Asia/Manila' }, _messages: [] });
    await loadServerConfig();
    expect(String((fetch.mock.calls[0]![0] as Request).url)).toMatch(/\/api\/admin\/config$/);
    expect(serverConfig.timeZone).toBe('Asia/Manila');
  });

  it('keeps the default when the zone is unknown or the call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer({ _status: 1, _data: { time_zone: 'Mars/Olympus_Mons' }, _messages: [] });
    await loadServerConfig();
    expect(serverConfig.timeZone).toBe('Asia/Ho_Chi_Minh');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await loadServerConfig();
    expect(serverConfig.timeZone).toBe('Asia/Ho_Chi_Minh');
  });
});
