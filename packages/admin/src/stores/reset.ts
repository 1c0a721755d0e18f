/**
 * Screen stores register a reset here; signing in or out resets them all, so that nothing of
 * one user's session shows in the next.
 */
const resets = new Set<() => void>();

export function onSessionReset(reset: () => void): void {
  resets.add(reset);
}

export function resetAppState(): void {
  for (const reset of resets) reset();
}
