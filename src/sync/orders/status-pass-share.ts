/**
 * How much of the rate limit the passes over the non-paid open lists (processing, awaiting_confirmation) may take.
 * They only show changes made elsewhere (the store website, the buyer confirming): while the last pass found none
 * they take the least share; while passes find such changes they take the busy share, since a change seen sooner is
 * a card edited sooner and a chat warmed while its buyer writes (a delivered order's buyer asks within minutes).
 */
export interface StatusPassShareRules {
  /** Share while the last pass found no change made elsewhere. */
  statusListsMaxShare: number;
  /** Share while it found some. */
  statusListsBusyShare: number;
  rateWindowMs: number;
  intervalMs: number;
}

export interface StatusPassShare {
  /** A pass began: `finished` gets what this returns. */
  started(): number;
  /** An order's status changed elsewhere, seen by a list or a read. */
  noteChange(): void;
  finished(pages: number, startedAt: number, mark: number): void;
  /** Pages the last complete pass took (0 before the first). */
  lastPages(): number;
  /** Whether starting a pass now keeps the lists within their share, spread over the window. */
  affordable(limit: number | undefined, now: number): boolean;
  /** Pages one cycle may read (at least one, so a pass always ends). */
  pagesPerCycle(limit: number | undefined): number;
}

export function createStatusPassShare(rules: StatusPassShareRules): StatusPassShare {
  let changes = 0;
  let last = { pages: 0, startedAt: Number.NEGATIVE_INFINITY, changes: 0 };
  const share = () => (last.changes > 0 ? Math.max(rules.statusListsBusyShare, rules.statusListsMaxShare) : rules.statusListsMaxShare);
  return {
    started: () => changes,
    noteChange() {
      changes += 1;
    },
    finished(pages, startedAt, mark) {
      last = { pages, startedAt, changes: changes - mark };
    },
    lastPages: () => last.pages,
    affordable(limit, now) {
      if (limit === undefined || last.pages === 0) return true;
      return now - last.startedAt >= (last.pages * rules.rateWindowMs) / (limit * share());
    },
    pagesPerCycle(limit) {
      if (limit === undefined) return 1;
      return Math.max(1, Math.floor((limit * share() * rules.intervalMs) / rules.rateWindowMs));
    },
  };
}
