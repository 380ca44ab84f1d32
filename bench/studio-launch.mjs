// Launch to first frame of a demo studio slot (issue 31: at most 1.5 s on the Lighthouse mobile preset): Lighthouse
// loads the address a launch opens in the game frame, the studio's slot page, and reports when its first content and
// its largest content (the reels) were painted. The portal runs on the embedded database with the demo data, the
// studio beside it connected as PG; the page is a free-play launch, which opens exactly as a real one but for the
// token (no wallet call).
// Usage: node bench/studio-launch.mjs [--runs 3] [--keep DIR]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineDescription, median, portalSender, root, startPortal, startProcess, stop } from './lib.mjs';
import { runLighthouse } from './lighthouse-run.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, keep: { type: 'string' } } });
const runs = Number(values.runs);
const PORT = 3909;
const STUDIO_PORT = 3910;
const ADMIN = { username: 'admin', password: 'bench-password-1' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-studio-launch-'));
const send = portalSender(`http://127.0.0.1:${PORT}`);

const portal = await startPortal(
  PORT,
  { DATA_DIR: dataDir, ADMIN_USER: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  { timeoutMs: 180_000 },
);
let studio;
try {
  studio = await startProcess(
    ['--import', 'tsx', 'apps/demo-studio/src/main.ts'],
    {
      PORT: String(PORT),
      STUDIO_PORT: String(STUDIO_PORT),
      DATA_DIR: dataDir,
      ADMIN_USER: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      STUDIO_VENDORS: 'PG',
    },
    `http://127.0.0.1:${STUDIO_PORT}/healthz`,
  );
  const list = await send('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PG&pageNo=1&pageSize=1');
  const nodeId = list.games[0].nodeId;
  const url = `http://127.0.0.1:${STUDIO_PORT}/play?game=${nodeId}&token=&lang=bn&mode=trial&vendor=PG`;
  // The studio reads the game's name from the portal's list once per vendor; the first load warms that, as any
  // player's first launch after a start would.
  await fetch(url);
  const samples = Array.from({ length: runs }, (_, run) => runLighthouse(url, String(run + 1), { keep: values.keep }));
  const pick = (key) => median(samples.map((sample) => sample[key]));
  const result = {
    preset: 'mobile (Lighthouse default: simulated slow 4G, 4× CPU slowdown)',
    machine: machineDescription(),
    date: new Date().toISOString(),
    page: url.replace(/token=[^&]*/, 'token='),
    runs,
    median: {
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      score: pick('score'),
    },
    samples,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/studio-launch.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `Studio slot launch, Lighthouse mobile, median of ${runs}: first paint ${result.median.fcpMs} ms, ` +
      `largest paint (the reels) ${result.median.lcpMs} ms, TBT ${result.median.tbtMs} ms, CLS ${result.median.cls}`,
  );
} finally {
  if (studio) await stop(studio);
  await stop(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
