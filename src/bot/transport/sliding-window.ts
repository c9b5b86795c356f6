/**
 * A sliding-window gate: at most `max` requests in any `windowMs`, as Telegram counts a group's 20 a minute and its
 * 30 a second overall (Bottleneck's reservoirs refill in fixed windows, which let a window's first requests come
 * less than a window after the previous window's first ones).
 *
 * A request holds its place from the moment it is let through until `windowMs` after it was answered: Telegram
 * counts it on arrival, somewhere in between, so a request let through when the oldest place frees is never counted
 * with it whatever the network's delays. Waiters go by priority (0 first), then in the order they came.
 * Its one timer is unref'd: a waiting request does not keep the process alive.
 */

export interface WindowRule {
  /** Requests allowed in any window. */
  max: number;
  windowMs: number;
}

/** Call when the request let through was answered (or failed): its place frees `windowMs` later. */
export type ReleasePlace = () => void;

export interface SlidingWindow {
  /** Resolves when the request may go. */
  acquire(priority: number): Promise<ReleasePlace>;
}

interface Waiter {
  priority: number;
  admit: (release: ReleasePlace) => void;
}

export function createSlidingWindow(rule: WindowRule, now: () => number = () => performance.now()): SlidingWindow {
  /** When each answered request of the window was answered, oldest first. */
  const answeredAt: number[] = [];
  let inFlight = 0;
  const waiters: Waiter[] = [];
  let timer: NodeJS.Timeout | undefined;

  const prune = (at: number) => {
    while (answeredAt.length > 0 && (answeredAt[0] as number) + rule.windowMs <= at) answeredAt.shift();
  };

  const release = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      answeredAt.push(now());
      pump();
    };
  };

  const pump = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const at = now();
    prune(at);
    while (waiters.length > 0 && inFlight + answeredAt.length < rule.max) {
      inFlight += 1;
      (waiters.shift() as Waiter).admit(release());
    }
    // Still full: wake when the oldest answered place leaves the window (a request in flight wakes us on release).
    if (waiters.length > 0 && answeredAt.length > 0) {
      timer = setTimeout(pump, (answeredAt[0] as number) + rule.windowMs - at);
      timer.unref();
    }
  };

  return {
    acquire(priority) {
      return new Promise<ReleasePlace>((admit) => {
        const behind = waiters.findIndex((waiter) => waiter.priority > priority);
        waiters.splice(behind === -1 ? waiters.length : behind, 0, { priority, admit });
        pump();
      });
    },
  };
}
