// Home page in Lighthouse (mobile preset, Debian Chromium) against the built app served by the server,
// plus the gzipped size of the JavaScript the home page loads before any lazy chunk.
// Usage: node bench/lighthouse.mjs [--runs 3] [--keep DIR] [--calibrate]
//   --keep: leave each run's report, trace and DevTools log in DIR
//   --calibrate: also run at the CPU slowdown that this machine's benchmark index calls for (see calibratedSlowdown)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { median, root, startProcess, stop, systemCallNs } from './lib.mjs';
import { runLighthouse } from './lighthouse-run.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, keep: { type: 'string' }, calibrate: { type: 'boolean' } },
});
const runs = Number(values.runs);
// Another port when several checkouts measure on one machine: LIGHTHOUSE_PORT=3913 node bench/lighthouse.mjs
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3903);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Entry script and its modulepreloads, named in dist/index.html (by the inline starter that asks for them after
 * the load event): what loads before any route chunk.
 */
function initialJavaScript() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...new Set([...html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]))];
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  return { files: sizes, gzipTotal: sizes.reduce((n, s) => n + s.gzip, 0) };
}

ensureWebBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
const portal = await startProcess(
  ['--import', 'tsx', 'apps/server/src/main.ts'],
  { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1' },
  `http://127.0.0.1:${PORT}/readyz`,
  120_000,
);

/**
 * The CPU slowdown that takes a machine of Lighthouse's `benchmarkIndex` to a mid-tier phone, by the calculator
 * Lighthouse's throttling documentation points to (lighthouse-cpu-throttling-calculator): 4× fits an index of
 * about 1,533, a faster machine needs more and a slower one less.
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** One Lighthouse run of the home page; `slowdown` overrides the preset's 4× CPU slowdown. */
const lighthouseRun = (label, slowdown = 4) =>
  runLighthouse(`http://127.0.0.1:${PORT}/`, label, { slowdown, keep: values.keep, chrome: CHROME });

const medianOf = (samples) =>
  Object.fromEntries(Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))]));

function printSummary(title, m, syscallNs) {
  console.log(`\n${title}: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, FCP ${m.fcpMs} ms`);
  if (Number.isFinite(m.mainThreadCpuShare))
    console.log(
      `Main thread after the first paint: on a CPU ${Math.round(m.mainThreadCpuShare * 100)} % of its long tasks' time; ` +
        `blocking time from its CPU time alone ${m.blockingFromCpuMs} ms (a diagnostic, not Lighthouse's figure)`,
    );
  console.log(
    `Machine: Lighthouse's benchmark index ${m.benchmarkIndex}` +
      (Number.isFinite(m.stolenShare)
        ? `; ${(m.stolenShare * 100).toFixed(1)} % of the CPUs' time taken by the hypervisor`
        : '') +
      (Number.isFinite(m.kernelShare) ? `; ${Math.round(m.kernelShare * 100)} % of the busy time in the kernel` : '') +
      (Number.isFinite(syscallNs) ? `; a system call costs ${syscallNs} ns` : ''),
  );
}

try {
  const syscallNs = systemCallNs();
  const samples = Array.from({ length: runs }, (_, run) => lighthouseRun(String(run + 1)));
  const m = medianOf(samples);
  // The preset's 4× makes a fast machine a faster phone than Lighthouse means, and a slow one a slower phone;
  // --calibrate also runs at the slowdown this machine's benchmark index calls for, so machines compare.
  const slowdown = values.calibrate ? +calibratedSlowdown(m.benchmarkIndex).toFixed(1) : undefined;
  const calibratedSamples = slowdown
    ? Array.from({ length: runs }, (_, run) => lighthouseRun(`calibrated-${run + 1}`, slowdown))
    : [];
  const js = initialJavaScript();
  const result = {
    preset: 'mobile (Lighthouse default: simulated slow 4G, 4× CPU slowdown)',
    runs,
    date: new Date().toISOString(),
    systemCallNs: syscallNs,
    median: m,
    samples,
    ...(slowdown
      ? { calibrated: { cpuSlowdown: slowdown, median: medianOf(calibratedSamples), samples: calibratedSamples } }
      : {}),
    initialJsGzipBytes: js.gzipTotal,
    initialJsFiles: js.files,
  };
  fs.writeFileSync(path.join(root, 'bench/results/lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  printSummary(`Lighthouse mobile, median of ${runs}`, m, syscallNs);
  if (slowdown)
    printSummary(
      `Calibrated to this machine (${slowdown}× CPU slowdown), median of ${runs}`,
      result.calibrated.median,
      syscallNs,
    );
  console.log(`Initial JS: ${(js.gzipTotal / 1024).toFixed(1)} KB gzipped in ${js.files.length} files`);
} finally {
  await stop(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
