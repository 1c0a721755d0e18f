import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

describe('groupCommit', () => {
  it('writes what queued while a write ran in one next write, and answers each caller after its own write', async () => {
    const writes: number[][] = [];
    let release: () => void = () => {};
    const w = groupCommit<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
    });
    const done: number[] = [];
    const first = w.write([1]).then(() => done.push(1));
    const rest = [2, 3, 4].map((n) => w.write([n]).then(() => done.push(n)));
    await Promise.resolve();
    expect(writes).toEqual([[1]]);
    expect(done).toEqual([]);
    release();
    await Promise.all([first, ...rest]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
    expect(done).toEqual([1, 2, 3, 4]);
  });

  it('fails exactly the callers of a failed write, and goes on with the next', async () => {
    let calls = 0;
    const w = groupCommit<string>(async (items) => {
      calls += 1;
      if (items.includes('bad')) throw new Error('database down');
    });
    const a = w.write(['bad']);
    const b = w.write(['good']);
    await expect(a).rejects.toThrow('database down');
    await expect(b).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('keeps a write under maxItems', async () => {
    const sizes: number[] = [];
    let release: () => void = () => {};
    const w = groupCommit<number>(async (items) => {
      sizes.push(items.length);
      if (sizes.length === 1) await new Promise<void>((r) => (release = r));
    }, 3);
    const all = [w.write([0]), w.write([1, 2]), w.write([3, 4]), w.write([5])];
    release();
    await Promise.all(all);
    expect(sizes).toEqual([1, 2, 3]);
  });
});
