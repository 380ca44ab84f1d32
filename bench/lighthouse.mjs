// Home page in Lighthouse (mobile preset, Debian Chromium) against the built app served by the server,
// plus the gzipped size of the JavaScript the home page loads before any lazy chunk.
// Usage: node bench/lighthouse.mjs [--runs 3] [--keep DIR]   (--keep: leave each run's report, trace and DevTools log in DIR)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { median, root, startProcess, stop } from './lib.mjs';
import { mainThreadAfterFirstPaint } from './main-thread.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, keep: { type: 'string' } } });
const runs = Number(values.runs);
const PORT = 3903;
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

try {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const out = path.join(os.tmpdir(), `lh-${process.pid}-${run}.json`);
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@13.5.0',
        `http://127.0.0.1:${PORT}/`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--save-assets',
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage',
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    // --save-assets writes `<name>-0.trace.json` and `<name>-0.devtoolslog.json` beside the report.
    const asset = (kind) => out.replace(/\.json$/, `-0.${kind}.json`);
    const files = { json: out, 'trace.json': asset('trace'), 'devtoolslog.json': asset('devtoolslog') };
    const mainThread = mainThreadAfterFirstPaint(files['trace.json']);
    if (values.keep) fs.mkdirSync(values.keep, { recursive: true });
    for (const [kind, file] of Object.entries(files)) {
      if (values.keep) fs.renameSync(file, path.join(values.keep, `run-${run + 1}.${kind}`));
      else fs.rmSync(file, { force: true });
    }
    samples.push({
      score: Math.round(report.categories.performance.score * 100),
      lcpMs: Math.round(report.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(report.audits['total-blocking-time'].numericValue),
      cls: +report.audits['cumulative-layout-shift'].numericValue.toFixed(3),
      fcpMs: Math.round(report.audits['first-contentful-paint'].numericValue),
      mainThreadCpuShare: mainThread?.cpuShare,
      blockingFromCpuMs: mainThread?.blockingFromCpuMs,
    });
  }
  const js = initialJavaScript();
  const result = {
    preset: 'mobile (Lighthouse default: simulated slow 4G, 4× CPU slowdown)',
    runs,
    date: new Date().toISOString(),
    median: Object.fromEntries(Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))])),
    samples,
    initialJsGzipBytes: js.gzipTotal,
    initialJsFiles: js.files,
  };
  fs.writeFileSync(path.join(root, 'bench/results/lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  const m = result.median;
  console.log(
    `\nLighthouse mobile, median of ${runs}: score ${m.score}, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, FCP ${m.fcpMs} ms`,
  );
  if (Number.isFinite(m.mainThreadCpuShare))
    console.log(
      `Main thread after the first paint: on a CPU ${Math.round(m.mainThreadCpuShare * 100)} % of its long tasks' time; ` +
        `blocking time from its CPU time alone ${m.blockingFromCpuMs} ms (a diagnostic, not Lighthouse's figure)`,
    );
  console.log(`Initial JS: ${(js.gzipTotal / 1024).toFixed(1)} KB gzipped in ${js.files.length} files`);
} finally {
  await stop(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
