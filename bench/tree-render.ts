/**
 * Invite tree chart benchmark ("renders 2,000 visible nodes in ≤ 100 ms and stays responsive
 * while panning"). Builds bench/tree-harness (the real OrgTree + member cards, generated data) with
 * Vite in production mode, serves it, and drives Debian's Chromium with Playwright at 390×844:
 *
 *  - initial render of BENCH_TREE_NODES members (default 2,000; every node expanded, 2,001 boxes laid
 *    out): React render + commit (performance marks around a synchronous render) and the time to the
 *    first frame after it, median and worst of BENCH_TREE_RUNS page loads (default 5); how many boxes
 *    the page holds, and whether every box on screen is in that first frame;
 *  - collapse-all then expand-all on the same page;
 *  - panning with the mouse (real input events, one move per ~16 ms) at zoom 1 and 0.3, back and forth
 *    around the top, then sweeping across the chart (new boxes come into view all along): frame
 *    intervals (p50/p95/max), long tasks, boxes mounted and re-rendered (a box already in the page must
 *    not re-render), and frames in which a box on screen was missing from the page (must be 0).
 *
 *   node --import tsx bench/tree-render.ts
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const NODES = Number(process.env.BENCH_TREE_NODES ?? 2000);
const RUNS = Number(process.env.BENCH_TREE_RUNS ?? 5);
const PAN_MOVES = 120;
const harness = fileURLToPath(new URL('./tree-harness/', import.meta.url));

const out = mkdtempSync(join(tmpdir(), 'agc-tree-bench-'));
await build({
  root: harness,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    dedupe: ['react', 'react-dom'],
    alias: [{ find: /^@web\//, replacement: fileURLToPath(new URL('../apps/web/src/', import.meta.url)) }],
  },
  build: { outDir: out, emptyOutDir: true, target: 'es2022' },
});

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const file = join(out, path === '/' ? 'index.html' : path);
  try {
    if (!file.startsWith(out) || !statSync(file).isFile()) throw new Error('not found');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/?n=${NODES}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function open(query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${url}${query}`);
  await page.waitForFunction(() => window.bench?.ready === true, undefined, { timeout: 60_000 });
  return page;
}

const counters = (page: Page) =>
  page.evaluate(() => ({
    renders: window.bench.boxRenders,
    mounts: window.bench.boxMounts,
    unmounts: window.bench.boxUnmounts,
  }));

/**
 * Drags the chart with the mouse: `sweep` false, back and forth around where it is (±150, ±250 px);
 * true, 8 drags of (−300, −60) px, one after the other, so new parts of the chart keep coming into view.
 */
async function pan(page: Page, label: string, sweep: boolean) {
  const box = await page.getByTestId('org-tree-viewport').boundingBox();
  if (!box) throw new Error('no viewport');
  const before = await counters(page);
  await page.evaluate(() => window.bench.startFrames());
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  if (!sweep) {
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= PAN_MOVES; i++) {
      // Back and forth, so the pan stays inside the clamped range.
      const phase = Math.sin((i / PAN_MOVES) * Math.PI * 4);
      await page.mouse.move(x0 + phase * 150, y0 + phase * 250);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
  } else {
    const steps = PAN_MOVES / 8;
    for (let drag = 0; drag < 8; drag++) {
      await page.mouse.move(x0 + 150, y0 + 30);
      await page.mouse.down();
      for (let i = 1; i <= steps; i++) {
        await page.mouse.move(x0 + 150 - (300 * i) / steps, y0 + 30 - (60 * i) / steps);
        await page.waitForTimeout(16);
      }
      await page.mouse.up();
    }
  }
  const frames = await page.evaluate(() => window.bench.stopFrames());
  const after = await counters(page);
  const { intervals, longTasks } = frames;
  const mounts = after.mounts - before.mounts;
  console.log(
    `  ${label}: ${intervals.length} frames, interval p50 ${ms(median(intervals))}, p95 ${ms(pct(intervals, 95))}, ` +
      `max ${ms(Math.max(...intervals))}; long tasks ${longTasks.length}` +
      `${longTasks.length ? ` (max ${ms(Math.max(...longTasks))})` : ''}; boxes mounted ${mounts}, ` +
      `unmounted ${after.unmounts - before.unmounts}, re-rendered ${after.renders - before.renders - mounts}; ` +
      `up to ${frames.maxOnScreen} on screen and ${frames.maxInPage} in the page; ` +
      `frames with a box on screen missing: ${frames.gapFrames}${frames.gapFrames ? ` (up to ${frames.maxMissing} boxes)` : ''}`,
  );
}

interface Loads {
  boxes: number;
  laidOut: number;
  /** First frames in which a box on screen was missing, and the boxes on screen in the first frame. */
  gaps: number;
  onScreen: number;
  render: number[];
  frame: number[];
  warmRender: number[];
  warmFrame: number[];
  prepare: number[];
}

/** RUNS page loads: the first mount (cold code) and a re-mount on the same page (warm code). */
async function measure(query: string): Promise<{ loads: Loads; last: Page }> {
  const loads: Loads = {
    boxes: 0,
    laidOut: 0,
    gaps: 0,
    onScreen: 0,
    render: [],
    frame: [],
    warmRender: [],
    warmFrame: [],
    prepare: [],
  };
  let last: Page | null = null;
  for (let run = 0; run < RUNS; run++) {
    if (last) await last.context().close();
    last = await open(query);
    const r = await last.evaluate(() => ({
      render: window.bench.renderMs,
      frame: window.bench.firstFrameMs,
      nodes: window.bench.nodes,
      laidOut: window.bench.laidOut,
      coverage: window.bench.firstCoverage,
      prepare: window.bench.prepareMs,
    }));
    const warm = await last.evaluate(() => window.bench.remount());
    loads.render.push(r.render);
    loads.frame.push(r.frame);
    loads.warmRender.push(warm.renderMs);
    loads.warmFrame.push(warm.frameMs);
    loads.prepare.push(r.prepare);
    loads.boxes = r.nodes;
    loads.laidOut = r.laidOut;
    loads.onScreen = r.coverage.onScreen;
    if (r.coverage.missing > 0) loads.gaps++;
  }
  return { loads, last: last as Page };
}

const line = (label: string, xs: number[]) =>
  `    ${label.padEnd(34)} median ${ms(median(xs)).padStart(9)}, worst ${ms(Math.max(...xs)).padStart(9)}  [${xs
    .map((x) => x.toFixed(0))
    .join(', ')}]`;

function report(title: string, loads: Loads) {
  const boxes = loads.laidOut
    ? `${loads.laidOut} boxes laid out, ${loads.boxes} in the page, ${loads.onScreen} on screen; ` +
      `first frames missing a box on screen: ${loads.gaps}`
    : `${loads.boxes} boxes`;
  console.log(`  ${title} (${boxes}), ${RUNS} page loads:`);
  console.log(line('first mount, render + commit', loads.render));
  console.log(line('first mount, to its first frame', loads.frame));
  console.log(line('re-mount, render + commit', loads.warmRender));
  console.log(line('re-mount, to its first frame', loads.warmFrame));
}

try {
  console.log(`Invite tree chart, ${NODES} members, Chromium ${browser.version()}, 390×844 @2x`);
  const baseline = await measure('&baseline=1');
  await baseline.last.context().close();
  const chart = await measure('');
  report('chart (OrgTree + member cards, every node expanded; target ≤ 100 ms to the frame)', chart.loads);
  console.log(
    line('(before it: answers → chart nodes)', chart.loads.prepare) +
      ' — done as each level arrives (amounts formatted once), not part of the render',
  );
  report('baseline: the same boxes and elements as a static React list', baseline.loads);
  const last = chart.last;
  const page = last;
  const collapse = await page.evaluate(() => window.bench.timed(() => window.bench.handle?.collapseAll()));
  const expand = await page.evaluate(() => window.bench.timed(() => window.bench.handle?.expandAll()));
  console.log(
    `  collapse-all: commit ${ms(collapse.commitMs)}, frame ${ms(collapse.frameMs)}; ` +
      `expand-all: commit ${ms(expand.commitMs)}, frame ${ms(expand.frameMs)}`,
  );
  await pan(page, 'pan at zoom 1,   back and forth', false);
  await pan(page, 'pan at zoom 1,   sweeping     ', true);
  await page.getByTestId('tree-restore').click();
  for (let i = 0; i < 7; i++) await page.getByTestId('tree-zoom-out').click();
  await pan(page, 'pan at zoom 0.3, back and forth', false);
  await pan(page, 'pan at zoom 0.3, sweeping     ', true);
  // The largest view change: zoom 1 at the root to zoom 0.3 over the leaves far to the right (every
  // box in the page replaced, and the most boxes this tree ever has around the view).
  await page.getByTestId('tree-restore').click();
  await page.waitForTimeout(100);
  const jump = await page.evaluate(async () => {
    const t = await window.bench.timed(() => {
      for (let i = 0; i < 7; i++) window.bench.handle?.zoom(-1);
      window.bench.handle?.centerOn(String(Math.floor((window.bench.laidOut * 3) / 4)));
    });
    return { ...t, coverage: window.bench.coverage() };
  });
  console.log(
    `  jump from the root at zoom 1 to the leaves at zoom 0.3: commit ${ms(jump.commitMs)}, frame ${ms(jump.frameMs)}; ` +
      `${jump.coverage.inPage} boxes in the page, ${jump.coverage.onScreen} on screen, missing ${jump.coverage.missing}`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
