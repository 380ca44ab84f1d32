// The page's main thread in a Lighthouse trace, after the first contentful paint (where blocking time counts):
// how long its long tasks took on the clock and how long the thread was actually on a CPU during them.
// On a machine whose cores are all busy (the browser, its compositor and Lighthouse itself share them with the
// page), a task's clock time is mostly waiting for a core; Lighthouse multiplies clock time by its CPU slowdown.
import fs from 'node:fs';

const BLOCKING_OVER_MS = 50;
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * @param {string} traceFile a trace saved by `lighthouse --save-assets`
 * @param {number} cpuSlowdown the run's CPU slowdown (the mobile preset's is 4)
 */
export function mainThreadAfterFirstPaint(traceFile, cpuSlowdown = 4) {
  const longTaskMs = BLOCKING_OVER_MS / cpuSlowdown;
  const trace = JSON.parse(fs.readFileSync(traceFile, 'utf8'));
  const events = trace.traceEvents ?? trace;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return null;
  const { pid } = navigation;
  const mainThread = events.find(
    (e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain',
  )?.tid;
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? navigation.ts;

  let wallMs = 0;
  let cpuMs = 0;
  let blockingFromCpuMs = 0;
  for (const e of events) {
    if (e.pid !== pid || e.tid !== mainThread || e.ph !== 'X' || !TASK_EVENTS.has(e.name) || e.ts < firstPaint)
      continue;
    const wall = e.dur / 1000;
    const cpu = (e.tdur ?? e.dur) / 1000;
    blockingFromCpuMs += Math.max(0, cpu * cpuSlowdown - BLOCKING_OVER_MS);
    if (wall < longTaskMs) continue;
    wallMs += wall;
    cpuMs += cpu;
  }
  return {
    cpuShare: wallMs ? +(cpuMs / wallMs).toFixed(2) : 1,
    blockingFromCpuMs: Math.round(blockingFromCpuMs),
  };
}
