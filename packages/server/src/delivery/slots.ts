/**
 * How many webhook requests this process has in flight, in all and per destination. A destination
 * gets at most `perDestination` at once, so a slow or failing receiver holds only its own slots:
 * the others' leads are claimed and sent beside it (issue #44).
 */
export class Slots {
  private readonly busy = new Map<number, number>();
  private count = 0;

  constructor(
    readonly perDestination: number,
    readonly total: number,
  ) {}

  /** Requests in flight now. */
  get inFlight(): number {
    return this.count;
  }

  /** What the next claim may take in all, and the requests in flight per destination (each may take perDestination less those). */
  room(): { total: number; busy: Record<number, number> } {
    return { total: Math.max(0, this.total - this.count), busy: Object.fromEntries(this.busy) };
  }

  take(destinationId: number): void {
    this.busy.set(destinationId, (this.busy.get(destinationId) ?? 0) + 1);
    this.count += 1;
  }

  /** Frees one slot; answers whether a claim was held back for want of it (the destination or the whole was full). */
  release(destinationId: number): boolean {
    const n = this.busy.get(destinationId) ?? 0;
    if (n === 0) return false;
    const wasFull = n >= this.perDestination || this.count >= this.total;
    if (n === 1) this.busy.delete(destinationId);
    else this.busy.set(destinationId, n - 1);
    this.count -= 1;
    return wasFull;
  }
}
