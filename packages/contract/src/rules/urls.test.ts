import { describe, expect, it } from 'vitest';
import type { FormBlock } from '../campaign.js';
import { blockErrors, isSafeUrl, safeUrl, termsErrors, termsHtml } from './blocks.js';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

describe('stored links are web addresses only (mail and phone for a link button)', () => {
  it.each([
    ['https://bacsi-online.vn/x', 'link', true],
    ['http://a.b', 'web', true],
    ['mailto:care@bacsi.vn', 'link', true],
    ['tel:+84 90 123 4567', 'link', true],
    ['mailto:care@bacsi.vn', 'web', false],
    ['tel:+8490', 'media', false],
    ['/uploads/image/abc.png', 'media', true],
    ['/uploads/image/abc.png', 'link', false],
    ['javascript:alert(1)', 'link', false],
    [' JavaScript:alert(1)', 'web', false],
    ['java\tscript:alert(1)', 'link', false],
    ['data:text/html,<script>alert(1)</script>', 'media', false],
    ['vbscript:x', 'link', false],
    ['//evil.example/x', 'web', false],
    ['/uploads/../../etc/passwd x', 'media', false],
  ] as const)('%j as %s: %s', (url, kind, ok) => {
    expect(isSafeUrl(url, kind)).toBe(ok);
    expect(safeUrl(url, kind)).toBe(ok ? url.trim() : null);
  });

  it('a link button, an image or a video with another scheme blocks the save with a message naming it', () => {
    const blocks: FormBlock[] = [
      { name: 'LinkButton', id: 1, data: { placeholder: 'Join', url: 'javascript:alert(1)' } },
      { name: 'Image', id: 2, data: { placeholder: 'Banner', url: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      { name: 'LinkButton', id: 3, data: { placeholder: 'Call', url: 'tel:+84901234567' } },
      { name: 'Video', id: 4, data: { placeholder: 'Clip', url: '/uploads/video/a.mp4' } },
    ];
    expect(blockErrors(blocks)).toEqual([
      [0, 'The link of block "Join" must start with http://, https://, mailto: or tel:.'],
      [1, 'The source of block "Banner" must be an uploaded file or start with http:// or https://.'],
    ]);
  });

  it('T&C URLs must be web addresses, and termsHtml never links another scheme whatever it is handed', () => {
    const terms = (urls: string): FormBlock => ({ name: 'Terms', id: 1, data: { value: 'tc', placeholder: urls } });
    expect(termsErrors(terms('https://a.b/terms'))).toBeNull();
    expect(termsErrors(terms('https://a.b/terms\njavascript:alert(1)'))).toBe(
      'URLs of the T&C block are invalid. Please try again!',
    );
    const html = termsHtml('I agree to *the terms* and *privacy*', 'javascript:alert(1)\nhttps://a.b/p', escape);
    expect(html).toBe(
      'I agree to the terms and <a href="https://a.b/p" target="_blank" rel="noopener noreferrer">privacy</a>',
    );
    expect(html).not.toContain('javascript');
  });
});
