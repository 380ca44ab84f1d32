// One Lighthouse run of a page (mobile preset), for the benchmarks that measure pages (lighthouse.mjs, studio-launch.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuShares, cpuTimes, root } from './lib.mjs';
import { mainThreadAfterFirstPaint } from './main-thread.mjs';

/**
 * One Lighthouse run (mobile preset, performance only) of `url` in the Chromium at `chrome`; `slowdown` overrides the
 * preset's 4× CPU slowdown, `keep` leaves the report, trace and DevTools log in that folder.
 */
export function runLighthouse(url, label, { slowdown = 4, keep, chrome = '/usr/bin/chromium' } = {}) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${label}.json`);
  const cpuBefore = cpuTimes();
  // Lighthouse itself sometimes fails to record a trace ("NO_NAVSTART … Please run Lighthouse again"): one retry.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        'npx',
        [
          '--yes',
          'lighthouse@13.5.0',
          url,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--save-assets',
          '--quiet',
          ...(slowdown === 4 ? [] : [`--throttling.cpuSlowdownMultiplier=${slowdown}`]),
          '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage',
        ],
        { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      console.error(`Lighthouse run ${label} failed; running it again`);
    }
  }
  const cpuAfter = cpuTimes();
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  // --save-assets writes `<name>-0.trace.json` and `<name>-0.devtoolslog.json` beside the report.
  const asset = (kind) => out.replace(/\.json$/, `-0.${kind}.json`);
  const files = { json: out, 'trace.json': asset('trace'), 'devtoolslog.json': asset('devtoolslog') };
  const mainThread = mainThreadAfterFirstPaint(files['trace.json'], slowdown);
  if (keep) fs.mkdirSync(keep, { recursive: true });
  for (const [kind, file] of Object.entries(files)) {
    if (keep) fs.renameSync(file, path.join(keep, `run-${label}.${kind}`));
    else fs.rmSync(file, { force: true });
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
    cls: +report.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
    mainThreadCpuShare: mainThread?.cpuShare,
    blockingFromCpuMs: mainThread?.blockingFromCpuMs,
    // Lighthouse's own measure of the machine's speed (higher is faster), the CPU time the hypervisor took during
    // the run, and the share of the busy time spent in the kernel: each explains figures that differ between machines.
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    ...cpuShares(cpuBefore, cpuAfter),
  };
}
