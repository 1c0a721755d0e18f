/**
 * Runs `write` on everything queued while the previous write ran: one write in flight, each
 * caller resolved (or rejected) with the write that held its items.
 */
export function groupCommit<T>(
  write: (items: T[]) => Promise<void>,
  maxItems = 5000,
): { write(items: T[]): Promise<void>; pending(): number } {
  let queue: Array<{ items: T[]; resolve: () => void; reject: (e: unknown) => void }> = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (queue.length) {
      let n = 0;
      let take = 0;
      while (take < queue.length && (take === 0 || n + queue[take]!.items.length <= maxItems))
        n += queue[take++]!.items.length;
      const batch = queue.slice(0, take);
      queue = queue.slice(take);
      try {
        await write(batch.flatMap((b) => b.items));
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    running = false;
  };
  return {
    pending: () => queue.reduce((n, q) => n + q.items.length, 0),
    write(items) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ items, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}

/** A deadlock or serialization failure between processes is tried again (twice), not answered 500. */
export async function withRetry(fn: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 2 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}
