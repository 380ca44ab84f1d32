/** How a periodic job's windows are cut. */
export interface WindowSpec {
  /** Length of a window in milliseconds: a whole number of seconds, e.g. 30_000, 3_600_000, 86_400_000. */
  everyMs: number;
  /**
   * Where windows begin: at multiples of `everyMs` of the local time this many minutes ahead of UTC (360 makes days
   * begin at midnight in Dhaka). 0, UTC, when absent.
   */
  utcOffsetMinutes?: number;
  /**
   * How many windows that ended while no node ran are caught up at the next start, oldest first; older ones are
   * skipped. A sweep that handles everything due up to now needs only 1; a daily wage wants every missed day (31
   * covers a month). At most 1000.
   */
  catchUp: number;
  /**
   * How long after its end a window's job may start (default 0): time for work that began inside the window to
   * commit, so that the job reads the window whole.
   */
  delayMs?: number;
}

export interface JobWindow {
  /** `<kind>:<local start>`, as precise as the length needs: `daily-wage:2026-11-27`, `sweep:2026-11-27T10:15:30`. */
  key: string;
  start: Date;
  end: Date;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Refuses a spec the scheduler cannot keep (caught at start-up, where the job is declared). */
export function checkWindowSpec(spec: WindowSpec): void {
  if (!Number.isInteger(spec.everyMs) || spec.everyMs < SECOND || spec.everyMs % SECOND !== 0) {
    throw new Error(`a job window must be a whole number of seconds, not ${spec.everyMs} ms`);
  }
  const offset = spec.utcOffsetMinutes ?? 0;
  if (!Number.isInteger(offset) || offset < -12 * 60 || offset > 14 * 60) {
    throw new Error(`utcOffsetMinutes must be a whole number from -720 to 840, not ${offset}`);
  }
  if (!Number.isInteger(spec.catchUp) || spec.catchUp < 1 || spec.catchUp > 1000) {
    throw new Error(`catchUp must be a whole number from 1 to 1000, not ${spec.catchUp}`);
  }
  const delay = spec.delayMs ?? 0;
  if (!Number.isInteger(delay) || delay < 0 || delay >= spec.everyMs) {
    throw new Error(`delayMs must be a whole number of milliseconds below the window's length, not ${delay}`);
  }
}

const offsetMs = (spec: WindowSpec) => (spec.utcOffsetMinutes ?? 0) * MINUTE;

/** The number of the window holding instant `atMs`; window n runs from n × everyMs local time. */
export function windowIndex(spec: WindowSpec, atMs: number): number {
  return Math.floor((atMs + offsetMs(spec)) / spec.everyMs);
}

export function windowAt(kind: string, spec: WindowSpec, index: number): JobWindow {
  const startMs = index * spec.everyMs - offsetMs(spec);
  const local = new Date(startMs + offsetMs(spec)).toISOString();
  const precision =
    spec.everyMs % DAY === 0 ? 10 : spec.everyMs % HOUR === 0 ? 13 : spec.everyMs % MINUTE === 0 ? 16 : 19;
  return {
    key: `${kind}:${local.slice(0, precision)}`,
    start: new Date(startMs),
    end: new Date(startMs + spec.everyMs),
  };
}

/**
 * The windows to send now, oldest first: those that ended after the last one sent (`lastStart`), at most `catchUp`
 * of them (the newest). With nothing sent yet, only the window that ended last: a new job does not reach back.
 */
export function dueWindows(kind: string, spec: WindowSpec, nowMs: number, lastStart: Date | null): JobWindow[] {
  const lastEnded = windowIndex(spec, nowMs) - 1;
  const first =
    lastStart === null ? lastEnded : Math.max(windowIndex(spec, lastStart.getTime()) + 1, lastEnded - spec.catchUp + 1);
  const windows: JobWindow[] = [];
  for (let index = first; index <= lastEnded; index++) windows.push(windowAt(kind, spec, index));
  return windows;
}

/** When the window running now ends, i.e. when the next one becomes due. */
export function nextWindowEnd(spec: WindowSpec, nowMs: number): number {
  return (windowIndex(spec, nowMs) + 1) * spec.everyMs - offsetMs(spec);
}
