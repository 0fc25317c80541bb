/**
 * Counts the CSV exports streaming right now, per user and for the whole instance. A slot is taken
 * before the first row is read and given back exactly once (the returned release is idempotent),
 * whether the stream finished, failed or the client went away: a slot that leaked would refuse
 * that user's exports forever.
 */
export class ExportSlots {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perUser: number,
    readonly perInstance: number,
  ) {}

  /** A release function, or null when the user or the instance is at its limit. */
  tryAcquire(userId: string): (() => void) | null {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser || this.total >= this.perInstance) return null;
    this.byUser.set(userId, mine + 1);
    this.total += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Exports streaming now: for the whole instance, or for one user. */
  active(userId?: string): number {
    return userId === undefined ? this.total : (this.byUser.get(userId) ?? 0);
  }
}
