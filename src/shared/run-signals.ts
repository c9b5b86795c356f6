/**
 * The two abort signals of a run that stops in two steps: first nothing new starts, then, after a grace period,
 * what is still in flight is cut.
 */
export interface RunSignals {
  /** Aborted at once by stop(): waits end, and nothing more is handed off (a pass ends between two events). */
  waitSignal: AbortSignal;
  /** Aborted after the grace period of stop(): requests in flight end. */
  requestSignal: AbortSignal;
}

/** Whether the run is stopping: either signal has been aborted. */
export const stopped = ({ waitSignal, requestSignal }: RunSignals): boolean => waitSignal.aborted || requestSignal.aborted;
