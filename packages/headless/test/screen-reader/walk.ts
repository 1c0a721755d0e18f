import { virtual } from '@guidepup/virtual-screen-reader';
import { expect } from 'vitest';

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

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

async function perform(keys: string): Promise<void> {
  const typed = /^Type "(.*)"$/.exec(keys);
  if (typed) return virtual.type(typed[1]!);
  if (keys === 'Next item') return virtual.next();
  // user-event names the space bar ' '.
  return virtual.press(keys.replace(/\bSpace\b/, ' '));
}

/**
 * When a popup closes under its reading cursor, the virtual screen reader first says "end of
 * document" (its cursor fell off the removed node) and then where focus went back to; a screen
 * reader says only the latter. That first phrase alone is dropped.
 */
function withoutCursorReset(phrases: string[]): string[] {
  return phrases[0] === 'end of document' && phrases.length > 1 ? phrases.slice(1) : phrases;
}

/**
 * Walks the transcript with @guidepup/virtual-screen-reader over what is rendered in the page:
 * each step's phrases must be exactly what it says after that step (focus moves, the item under
 * the cursor, live regions).
 */
export async function walk(transcript: Transcript, { container = document.body }: { container?: Element } = {}): Promise<void> {
  await virtual.start({ container });
  try {
    await virtual.clearSpokenPhraseLog();
    for (const [index, step] of transcript.steps.entries()) {
      await perform(step.keys);
      await settle();
      const heard = withoutCursorReset(await virtual.spokenPhraseLog());
      await virtual.clearSpokenPhraseLog();
      expect(heard, `step ${index + 1} (${step.keys}) of "${transcript.task}"`).toEqual(step.hear);
    }
  } finally {
    await virtual.stop();
  }
}

/** The transcript as a table for the component's docs page. */
export function transcriptTable(t: Transcript): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = t.steps.map((s) => `| ${cell(s.keys)} | ${s.hear.length ? s.hear.map((h) => `“${cell(h)}”`).join('<br>') : '(nothing)'} |`);
  return [`**${t.task}** (${t.pattern})`, '', '| you press | the screen reader says |', '|---|---|', ...rows, ...(t.note ? ['', t.note] : [])].join('\n');
}
