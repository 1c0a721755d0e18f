import type { ConsentRecord } from '@lead/contract/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentRecordDialog } from './ConsentRecordDialog.js';
import { closeConsent, consent, openConsent } from './consent.store.js';

const record: ConsentRecord = {
  lead_id: 5,
  campaign_id: 9,
  revision_id: 31,
  revision_created_at: '2026-11-20 09:00:00',
  page_url: 'https://bacsi-online.vn/heart/a/',
  created_at: '2026-11-23 10:15:00',
  hash: 'sha256:' + 'a'.repeat(64),
  terms: [
    {
      block_id: 'tc',
      key: 'terms',
      required: true,
      parts: [{ text: 'I agree to ' }, { text: 'the terms', url: 'https://bacsi-online.vn/terms' }],
      urls: ['https://bacsi-online.vn/terms'],
      text: 'I agree to [the terms](https://bacsi-online.vn/terms)',
      hash: 'sha256:' + 'b'.repeat(64),
      ticked: true,
    },
  ],
};

/** The server's answers by lead: its record, or a 404 with its message. */
let answers: Record<number, ConsentRecord | string> = {};
beforeEach(() => {
  answers = { 5: record, 6: 'This lead has no consent record.' };
  vi.stubGlobal('fetch', (request: Request) => {
    const id = Number(/\/leads\/(\d+)\/consent$/.exec(new URL(request.url).pathname)?.[1]);
    const answer = answers[id];
    if (typeof answer === 'object')
      return Promise.resolve(Response.json({ _status: 1, _data: { model: answer }, _messages: [] }));
    return Promise.resolve(
      Response.json({ _status: 0, _data: null, _messages: [answer], message: answer }, { status: 404 }),
    );
  });
});
afterEach(() => {
  closeConsent();
  vi.unstubAllGlobals();
});

describe('ConsentRecordDialog', () => {
  it("shows the lead's record: the T&C text as shown with its links, URLs, hashes, tick, page and time; Escape closes it", async () => {
    const onClose = vi.fn(closeConsent);
    render(<ConsentRecordDialog onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    void openConsent(5);
    const dialog = await screen.findByRole('dialog', { name: 'Consent record of lead #5' });
    await within(dialog).findByRole('heading', { name: 'T&C block 1 (required)' });
    const link = within(dialog).getByRole('link', { name: 'the terms' });
    expect(link.getAttribute('href')).toBe('https://bacsi-online.vn/terms');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.textContent).toContain('I agree to the terms');
    expect(within(dialog).getByRole('list', { name: 'URLs of T&C block 1' }).textContent).toBe(
      'https://bacsi-online.vn/terms',
    );
    expect(dialog.textContent).toContain('Ticked' + 'Yes');
    expect(dialog.textContent).toContain(record.hash);
    expect(dialog.textContent).toContain(record.terms[0]!.hash);
    expect(dialog.textContent).toContain('https://bacsi-online.vn/heart/a/');
    expect(dialog.textContent).toContain('#31, saved');
    // Focus moves into the dialog: react-aria moves it once the dialog has mounted, not in the same task.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why when the lead has no record', async () => {
    render(<ConsentRecordDialog onClose={closeConsent} />);
    void openConsent(6);
    const dialog = await screen.findByRole('dialog', { name: 'Consent record of lead #6' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This lead has no consent record.');
    expect(consent.record).toBeNull();
  });
});
