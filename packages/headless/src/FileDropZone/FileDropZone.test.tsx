import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { accepts, FileDropZone, fileDropOperation, formatBytes } from './FileDropZone.js';

describe('FileDropZone', () => {
  it('checks type and size per file, lists the refused with their messages, and passes on the rest', async () => {
    // A browser's file chooser may be told to show any file: check the zone's own filter.
    const user = userEvent.setup({ applyAccept: false });
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(
      <FileDropZone
        label="Import CSV"
        accept={['.csv', 'text/csv']}
        maxSize={10}
        allowsMultiple
        onFiles={onFiles}
        onReject={onReject}
      />,
    );
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const ok = new File(['a,b'], 'links.csv', { type: 'text/csv' });
    const big = new File(['0123456789012'], 'big.csv', { type: 'text/csv' });
    const png = new File(['x'], 'pic.png', { type: 'image/png' });
    await user.upload(input, [ok, big, png]);
    expect(onFiles).toHaveBeenCalledWith([ok]);
    expect(onReject).toHaveBeenCalledWith([
      { name: 'big.csv', message: 'big.csv is larger than 10 bytes.' },
      { name: 'pic.png', message: 'pic.png is not an accepted file type.' },
    ]);
    expect(screen.getByRole('status').textContent).toContain('big.csv is larger than 10 bytes.');
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('matches extensions, MIME types and wildcards, and words sizes', () => {
    const f = new File([''], 'A.PNG', { type: 'image/png' });
    expect(accepts(f, ['.png'])).toBe(true);
    expect(accepts(f, ['image/*'])).toBe(true);
    expect(accepts(f, ['video/mp4'])).toBe(false);
    expect(accepts(f, [])).toBe(true);
    expect(formatBytes(520000)).toBe('508 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(500)).toBe('500 bytes');
  });
});

describe('fileDropOperation', () => {
  const drag = (...types: string[]) => ({ has: (t: string) => types.includes(t) });
  const safariFiles = { has: () => true };

  it('takes a drag of files, and refuses a drag of text (a block of another component) unless text files are accepted', () => {
    expect(fileDropOperation(drag('text/csv'), ['.csv', 'text/csv'])).toBe('copy');
    expect(fileDropOperation(drag('application/vnd.ms-excel'), ['.csv', 'text/csv'])).toBe('copy');
    expect(fileDropOperation(drag('application/x-lead-block-type', 'text/plain'), ['.csv', 'text/csv'])).toBe('cancel');
    expect(fileDropOperation(drag('text/plain', 'text/html'), ['image/png'])).toBe('cancel');
    expect(fileDropOperation(drag('text/plain'), ['.txt'])).toBe('copy');
    expect(fileDropOperation(drag('text/plain'), [])).toBe('copy');
  });

  it("takes Safari's file drags, whose types it cannot know", () => {
    expect(fileDropOperation(safariFiles, ['.csv'])).toBe('copy');
  });
});
