import { virtual } from '@guidepup/virtual-screen-reader';
import { expect, vi } from 'vitest';

/**
 * One step of a task as a screen-reader user does it: the keys pressed (`Tab`, `Shift+Tab`,
 * `Space`, `Enter`, `ArrowDown`...), `Type "text"`, or `Next item` (the reading cursor moves on,
 * as with NVDA's Down arrow or VoiceOver's VO+Right), and what the screen reader says after it.
 */
export interface Step {
  keys: string;
  hear: readonly string[];
}

/** A component's main task, walked step by step; written by hand from the WAI-ARIA pattern it follows. */
export interface Transcript {
  /** The docs page it appears on (docs/components/{page}.md). */
  page: string;
  task: string;
  /** The WAI-ARIA Authoring Practices pattern the phrases come from. */
  pattern: string;
  steps: readonly Step[];
  /** What the virtual screen reader cannot hear, asserted another way. */
  note?: string;
}

async function perform(keys: string): Promise<void> {
  const typed = /^Type "(.*)"$/.exec(keys);
  if (typed) return virtual.type(typed[1]!);
  if (keys === 'Next item') return virtual.next();
  // user-event names the space bar ' '.
  return virtual.press(keys.replace(/\bSpace\b/, ' '));
}

/**
 * Two habits of the virtual screen reader that a screen reader does not share, undone here and
 * nothing else: when a popup closes under its reading cursor it first says "end of document" (its
 * cursor fell off the removed node) and then where focus went back to, so that first phrase alone
 * is dropped; and it says a live region's whole text again for every change inside it (an
 * alertdialog's focus attributes as Tab moves in it), so a live phrase that repeats the last live
 * phrase of the walk, word for word, is not said again.
 */
function withoutToolHabits(phrases: string[], lastLive: { phrase: string }): string[] {
  const spoken = phrases[0] === 'end of document' && phrases.length > 1 ? phrases.slice(1) : phrases;
  return spoken.filter((p) => {
    if (!/^(assertive|polite): /.test(p)) return true;
    if (p === lastLive.phrase) return false;
    lastLive.phrase = p;
    return true;
  });
}

/**
 * Walks the transcript with @guidepup/virtual-screen-reader over what is rendered in the page:
 * each step's phrases must be exactly what it says after that step (focus moves, the item under
 * the cursor, live regions).
 */
export async function walk(
  transcript: Transcript,
  { container = document.body }: { container?: Element } = {},
): Promise<void> {
  await virtual.start({ container });
  try {
    await virtual.clearSpokenPhraseLog();
    const lastLive = { phrase: '' };
    for (const [index, step] of transcript.steps.entries()) {
      await perform(step.keys);
      // What a step says comes in over a few ticks and frames (a live region is read a tick
      // late, focus often moves a frame later): wait until it has all been said, and fail with
      // what was said instead when it never is. A phrase said after that shows in the next step.
      await vi.waitFor(
        async () => {
          const live = { ...lastLive };
          const heard = withoutToolHabits(await virtual.spokenPhraseLog(), live);
          expect(heard, `step ${index + 1} (${step.keys}) of "${transcript.task}"`).toEqual(step.hear);
          lastLive.phrase = live.phrase;
        },
        { timeout: 10_000, interval: 5 },
      );
      await virtual.clearSpokenPhraseLog();
    }
  } finally {
    await virtual.stop();
  }
}

/** The transcript as a table for the component's docs page. */
export function transcriptTable(t: Transcript): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = t.steps.map(
    (s) => `| ${cell(s.keys)} | ${s.hear.length ? s.hear.map((h) => `“${cell(h)}”`).join('<br>') : '(nothing)'} |`,
  );
  return [
    `**${t.task}** (${t.pattern})`,
    '',
    '| you press | the screen reader says |',
    '|---|---|',
    ...rows,
    ...(t.note ? ['', t.note] : []),
  ].join('\n');
}
