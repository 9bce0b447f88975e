// Standalone page for bench/tree-render.ts: the real OrgTree and member cards of the invite tree page,
// with a generated placement tree (?n= members, complete binary, every node expanded). It records
// render marks, frame times and box renders for the Playwright script to read.
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
import {
  emptySlot,
  type MemberOrgNode,
  matchesAddress,
  memberNode,
} from '../../apps/web/src/features/tree/model/member-tree.ts';
import { i18n } from '../../apps/web/src/lib/i18n/index.ts';

const params = new URLSearchParams(location.search);
const members = Number(params.get('n') ?? 2000);
const tileWidth = params.get('tile') ? Number(params.get('tile')) : undefined;

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

interface Bench {
  ready: boolean;
  nodes: number;
  renderMs: number;
  firstFrameMs: number;
  /** Turning the generated answers into chart nodes (what the page does as each level arrives). */
  prepareMs: number;
  /** Box renders so far (React's Profiler reports nothing in a production build). */
  boxRenders: number;
  handle: OrgTreeHandle | null;
  /** Unmounts the chart and mounts it again (warm code): render + commit and first frame. */
  remount(): Promise<{ renderMs: number; frameMs: number }>;
  /** Runs `fn` in flushSync and returns the time until the next frame has been produced. */
  timed(fn: () => void): Promise<{ commitMs: number; frameMs: number }>;
  startFrames(): void;
  stopFrames(): { intervals: number[]; longTasks: number[] };
}
declare global {
  interface Window {
    bench: Bench;
  }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

let frames: number[] = [];
let recording = false;
let longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (recording) longTasks.push(entry.duration);
}).observe({ entryTypes: ['longtask'] });

const bench: Bench = {
  ready: false,
  nodes: 0,
  renderMs: 0,
  firstFrameMs: 0,
  prepareMs: 0,
  boxRenders: 0,
  handle: null,
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
    recording = true;
    const loop = (ts: number) => {
      if (!recording) return;
      frames.push(ts);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  },
  stopFrames() {
    recording = false;
    return { intervals: frames.slice(1).map((ts, i) => ts - (frames[i] as number)), longTasks };
  },
};
window.bench = bench;

function App({ initial }: { initial: MemberOrgNode }) {
  const [data, setData] = useState<MemberOrgNode | null>(initial);
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
        tileWidth={tileWidth}
      />
    </div>
  );
}

/**
 * Baseline for the same run: the same number of boxes with the same elements and texts, rendered by
 * plain React into a plain absolutely positioned list (no layout pass, no tree, no formatting, no
 * tiles). What React and the browser cost for this DOM, whatever the chart does.
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
bench.prepareMs = prepareMs;
bench.ready = true;
