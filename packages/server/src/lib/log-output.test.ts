import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logOutput } from './log-output.js';

/** A stream that takes writes but never finishes one (a reader that stopped), or fails every one (a reader gone). */
function sink(mode: 'stuck' | 'gone') {
  const started: string[] = [];
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _enc, done) {
      started.push(chunk.toString());
      if (mode === 'gone') done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
  return { stream, started };
}

describe('logOutput: a log that never blocks nor throws', () => {
  it('drops lines once its reader has left maxQueued bytes unread', () => {
    const { stream } = sink('stuck');
    const out = logOutput(stream, 100);
    for (let i = 0; i < 50; i++) out.write(`line ${i} ${'x'.repeat(20)}\n`);
    // What is held is bounded: the queue stops growing a line past maxQueued.
    expect(stream.writableLength).toBeLessThanOrEqual(100 + 30);
  });

  it('writes nothing more, and throws nothing, once a write failed (EPIPE)', async () => {
    const { stream, started } = sink('gone');
    const out = logOutput(stream);
    out.write('first\n');
    await new Promise((resolve) => stream.once('close', resolve));
    expect(() => out.write('second\n')).not.toThrow();
    expect(started).toEqual(['first\n']);
  });
});
