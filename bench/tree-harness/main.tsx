// Standalone page for bench/tree-render.ts: the real OrgTree and member cards of the invite tree page,
// with a generated placement tree (?n= members, complete binary, every node expanded). It records
// render marks, frame times, box renders and mounts, and checks at every recorded frame that each box
// on screen is in the page (the chart renders only the boxes around the view), for the Playwright
// script to read.
import '../../apps/web/src/styles.css';
import type { TreeNode } from '@agc/shared';
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  MEMBER_NODE_HEIGHT,
  MEMBER_NODE_WIDTH,
  memberCard,
  memberCardTexts,
} from '../../apps/web/src/features/tree/components/MemberNodeCard.tsx';
import { OrgTree, type OrgTreeHandle } from '../../apps/web/src/features/tree/components/OrgTree.tsx';
import { layoutTree } from '../../apps/web/src/features/tree/model/layout.ts';
import {
  emptySlot,
  type MemberOrgNode,
  matchesAddress,
  memberAcc,
  memberNode,
} from '../../apps/web/src/features/tree/model/member-tree.ts';
import { ORIGIN_TOP } from '../../apps/web/src/features/tree/model/viewport.ts';
import { i18n } from '../../apps/web/src/lib/i18n/index.ts';

const params = new URLSearchParams(location.search);
const members = Number(params.get('n') ?? 2000);
const LAYOUT = { nodeWidth: MEMBER_NODE_WIDTH, nodeHeight: MEMBER_NODE_HEIGHT, hGap: 14, vGap: 36 };

function generate(count: number): MemberOrgNode {
  // Heap order: member i has children 2i and 2i + 1. Amounts are decimal strings as the API sends them.
  const build = (i: number, depth: number): MemberOrgNode => {
    const left = 2 * i <= count;
    const right = 2 * i + 1 <= count;
    const member: TreeNode = {
      id: String(i),
      address: `0x${i.toString(16).padStart(40, '0')}`,
      side: i === 1 ? null : i % 2 === 0 ? 'left' : 'right',
      depth,
      level: (i % 5) + 1,
      joined_at: '2025-01-01T00:00:00Z',
      investment: `${i * 100}`,
      left_volume: `${i * 1234}.5`,
      right_volume: `${i * 987}.125`,
      left_carry: `${i * 247}.4`,
      right_carry: '0',
      has_left: left,
      has_right: right,
    };
    const node = memberNode(member, i === 1 ? null : String(Math.floor(i / 2)));
    if (!left && !right) return node;
    const children = [
      left ? build(2 * i, depth + 1) : emptySlot(node.id, 'left'),
      right ? build(2 * i + 1, depth + 1) : emptySlot(node.id, 'right'),
    ];
    return { ...node, expand: true, children };
  };
  return build(1, 0);
}

const texts = memberCardTexts(i18n.t.bind(i18n));
// Every box render calls it: the count shows whether panning re-renders boxes (it must not).
const renderContent = (node: MemberOrgNode) => {
  bench.boxRenders++;
  return memberCard(node, texts);
};

/** Boxes on screen that are not in the page (a gap), checked against a layout of the current data. */
interface Coverage {
  /** Boxes of the layout that intersect the viewport. */
  onScreen: number;
  missing: number;
  /** Boxes in the page. */
  inPage: number;
}

interface Bench {
  ready: boolean;
  /** Boxes in the page after the first mount, and boxes of the chart (laid out). */
  nodes: number;
  laidOut: number;
  /** The first mount's first frame: every box on screen present? */
  firstCoverage: Coverage;
  renderMs: number;
  firstFrameMs: number;
  /** Turning the generated answers into chart nodes (what the page does as each level arrives). */
  prepareMs: number;
  /** Box renders so far (React's Profiler reports nothing in a production build). */
  boxRenders: number;
  /** Boxes added to the page so far (a mount renders its box once: re-renders = renders − mounts). */
  boxMounts: number;
  boxUnmounts: number;
  data: MemberOrgNode | null;
  coverage(): Coverage;
  handle: OrgTreeHandle | null;
  /** Unmounts the chart and mounts it again (warm code): render + commit and first frame. */
  remount(): Promise<{ renderMs: number; frameMs: number }>;
  /** Runs `fn` in flushSync and returns the time until the next frame has been produced. */
  timed(fn: () => void): Promise<{ commitMs: number; frameMs: number }>;
  /** Records frame times, long tasks, and the coverage of the screen at every frame. */
  startFrames(): void;
  stopFrames(): {
    intervals: number[];
    longTasks: number[];
    gapFrames: number;
    maxMissing: number;
    /** The most boxes in the page and on screen in one frame. */
    maxInPage: number;
    maxOnScreen: number;
  };
}
declare global {
  interface Window {
    bench: Bench;
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let frames: number[] = [];
let recording = false;
/** Each recording's frame loop stops when a newer one starts (a stale callback may still be pending). */
let generation = 0;
let longTasks: number[] = [];
let gapFrames = 0;
let maxMissing = 0;
let maxInPage = 0;
let maxOnScreen = 0;
let checkLayout: ReturnType<typeof layoutTree<MemberOrgNode>> | null = null;
let checkSize = { width: 0, height: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (recording) longTasks.push(entry.duration);
}).observe({ entryTypes: ['longtask'] });

const bench: Bench = {
  ready: false,
  nodes: 0,
  renderMs: 0,
  firstFrameMs: 0,
  prepareMs: 0,
  laidOut: 0,
  firstCoverage: { onScreen: 0, missing: 0, inPage: 0 },
  boxRenders: 0,
  boxMounts: 0,
  boxUnmounts: 0,
  data: null,
  handle: null,
  coverage() {
    const viewport = document.querySelector<HTMLElement>('[data-testid="org-tree-viewport"]');
    const layer = document.querySelector<HTMLElement>('[data-testid="org-tree-layer"]');
    if (!viewport || !layer || !checkLayout) return { onScreen: 0, missing: 0, inPage: 0 };
    // The view as the chart wrote it (x and y rounded to the pixel, hence the 1 px allowance).
    const x = Number(layer.dataset.x ?? 0);
    const y = Number(layer.dataset.y ?? 0);
    const s = Number(layer.dataset.scale ?? 1);
    const left = (-checkSize.width / 2 - x + 1) / s;
    const right = (checkSize.width / 2 - x - 1) / s;
    const top = (-ORIGIN_TOP - y + 1) / s;
    const bottom = (checkSize.height - ORIGIN_TOP - y - 1) / s;
    const inPage = new Set<string>();
    for (const el of layer.querySelectorAll<HTMLElement>('[data-node-id]'))
      inPage.add(el.dataset.nodeId ?? '');
    let onScreen = 0;
    let missing = 0;
    for (const item of checkLayout.items) {
      if (item.x + LAYOUT.nodeWidth <= left || item.x >= right) continue;
      if (item.y + LAYOUT.nodeHeight <= top || item.y >= bottom) continue;
      onScreen++;
      if (!inPage.has(item.id)) missing++;
    }
    return { onScreen, missing, inPage: inPage.size };
  },
  remount: async () => ({ renderMs: 0, frameMs: 0 }),
  async timed(fn) {
    const start = performance.now();
    flushSync(fn);
    const commitMs = performance.now() - start;
    await nextFrame();
    return { commitMs, frameMs: performance.now() - start };
  },
  startFrames() {
    frames = [];
    longTasks = [];
    gapFrames = 0;
    maxMissing = 0;
    maxInPage = 0;
    maxOnScreen = 0;
    // The layout the chart shows (computed once here, not per frame) and the viewport's size.
    checkLayout = bench.data && layoutTree(bench.data, memberAcc, LAYOUT);
    const viewport = document.querySelector<HTMLElement>('[data-testid="org-tree-viewport"]');
    checkSize = { width: viewport?.clientWidth ?? 0, height: viewport?.clientHeight ?? 0 };
    recording = true;
    const current = ++generation;
    // Input events of a frame (and React's work they cause) run before its animation frame callbacks,
    // which run before it is painted: what this callback sees is what the frame shows.
    const loop = (ts: number) => {
      if (!recording || current !== generation) return;
      frames.push(ts);
      const { missing, inPage, onScreen } = bench.coverage();
      if (missing > 0) gapFrames++;
      maxMissing = Math.max(maxMissing, missing);
      maxInPage = Math.max(maxInPage, inPage);
      maxOnScreen = Math.max(maxOnScreen, onScreen);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  },
  stopFrames() {
    recording = false;
    return {
      intervals: frames.slice(1).map((ts, i) => ts - (frames[i] as number)),
      longTasks,
      gapFrames,
      maxMissing,
      maxInPage,
      maxOnScreen,
    };
  },
};
window.bench = bench;

function App({ initial }: { initial: MemberOrgNode }) {
  const [data, setData] = useState<MemberOrgNode | null>(initial);
  bench.data = data;
  const onChange = useCallback((fn: (d: MemberOrgNode) => MemberOrgNode) => setData((d) => d && fn(d)), []);
  const handle = useCallback((h: OrgTreeHandle | null) => {
    bench.handle = h;
  }, []);
  return (
    <div style={{ height: '100vh' }}>
      <OrgTree<MemberOrgNode>
        ref={handle}
        data={data}
        onChange={onChange}
        nodeWidth={MEMBER_NODE_WIDTH}
        nodeHeight={MEMBER_NODE_HEIGHT}
        hGap={14}
        vGap={36}
        disabled
        filterable
        filterNodeMethod={matchesAddress}
        renderContent={renderContent}
      />
    </div>
  );
}

/**
 * Baseline for the same run: the same number of boxes with the same elements and texts, rendered by
 * plain React into a plain absolutely positioned list (no layout pass, no tree, no formatting, every
 * box in the page). What React and the browser cost for this DOM, whatever the chart does.
 */
function Baseline({ count }: { count: number }) {
  const boxes = [];
  for (let i = 1; i <= count; i++) {
    boxes.push(
      <div
        key={i}
        className="org-node member-node"
        data-node-id={i}
        data-testid={`tree-node-${i}`}
        data-state="expanded"
        style={{ left: (i % 40) * 200, top: Math.floor(i / 40) * 128 }}
      >
        <div className="member-node__address">0x0000000000...000007d0</div>
        <div className="member-node__meta">V1 · L</div>
        <div className="member-node__volumes">
          <span>L 1,234.50</span>
          <span>R 987.13</span>
        </div>
        <div className="member-node__carry">Carry 247.40 / 0.00</div>
        {2 * i <= count && (
          <button type="button" className="org-node__toggle" aria-expanded aria-label="Collapse">
            −
          </button>
        )}
      </div>,
    );
  }
  return (
    <div style={{ position: 'relative', height: '100vh', overflow: 'hidden' }}>
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          ['--org-node-width' as string]: '196px',
          ['--org-node-height' as string]: '92px',
        }}
      >
        {boxes}
      </div>
    </div>
  );
}
const baseline = params.get('baseline') === '1';

// The API's answers become chart nodes (amounts formatted once) as they arrive: timed apart.
const prepareStart = performance.now();
const data = generate(members);
const prepareMs = performance.now() - prepareStart;
const root = createRoot(document.getElementById('root') as HTMLElement);

// Box mounts and unmounts (the boxes are the elements with a node id).
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes)
      if (node instanceof HTMLElement && node.dataset.nodeId !== undefined) bench.boxMounts++;
    for (const node of record.removedNodes)
      if (node instanceof HTMLElement && node.dataset.nodeId !== undefined) bench.boxUnmounts++;
  }
}).observe(document.getElementById('root') as HTMLElement, { childList: true, subtree: true });

/** Mounts the chart into the already painted page: render + commit, then the frame that shows it. */
async function mount(label: string): Promise<{ renderMs: number; frameMs: number }> {
  performance.mark(`${label}-start`);
  flushSync(() => root.render(baseline ? <Baseline count={members} /> : <App initial={data} />));
  performance.mark(`${label}-committed`);
  await nextFrame();
  performance.mark(`${label}-frame`);
  return {
    renderMs: performance.measure(`${label}-render`, `${label}-start`, `${label}-committed`).duration,
    frameMs: performance.measure(`${label}-first-frame`, `${label}-start`, `${label}-frame`).duration,
  };
}

bench.remount = async () => {
  flushSync(() => root.render(null));
  await nextFrame();
  await nextFrame();
  return mount('tree-remount');
};

// The page (an empty shell) is painted first: the figure is the chart's, not the page load's.
flushSync(() => root.render(<div style={{ height: '100vh' }} />));
await nextFrame();
await nextFrame();
const first = await mount('tree');
bench.renderMs = first.renderMs;
bench.firstFrameMs = first.frameMs;
bench.nodes = document.querySelectorAll('.org-node').length;
if (!baseline) {
  checkLayout = layoutTree(data, memberAcc, LAYOUT);
  const viewport = document.querySelector<HTMLElement>('[data-testid="org-tree-viewport"]');
  checkSize = { width: viewport?.clientWidth ?? 0, height: viewport?.clientHeight ?? 0 };
  bench.laidOut = checkLayout.items.length;
  bench.firstCoverage = bench.coverage();
}
bench.prepareMs = prepareMs;
bench.ready = true;
