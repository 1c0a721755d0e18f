import type { Writable } from 'node:stream';

/** How much log a stream may hold unwritten (its reader slow or stopped) before lines are dropped. */
export const LOG_QUEUE_BYTES = 4 * 1024 * 1024;

/**
 * The log's destination: stdout as a Node stream, which never blocks the process. Pino's own
 * default writes synchronously to fd 1; once Node has made that pipe non-blocking, a pipe nobody
 * reads any more answers EAGAIN and pino retried in a sleeping loop forever: the event loop stood
 * still, SIGTERM's handler and its exit timer never ran (issue #44). Here a reader that stopped
 * costs at most LOG_QUEUE_BYTES of memory (then lines are dropped), and a reader that is gone
 * (EPIPE, or any other write error) ends the log: nothing thrown, nothing blocked.
 */
export function logOutput(out: Writable = process.stdout, maxQueued = LOG_QUEUE_BYTES): { write(line: string): void } {
  let broken = false;
  quiet(out, () => (broken = true));
  return {
    write(line) {
      if (broken || out.destroyed || out.writableLength > maxQueued) return;
      out.write(line);
    },
  };
}

/** A write error on `stream` (a reader gone) is not an uncaught exception: `onError` hears it, if given. */
export function quiet(stream: Writable, onError: () => void = () => {}): void {
  stream.on('error', onError);
}
