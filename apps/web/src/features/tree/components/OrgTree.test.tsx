import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { createRef, type RefObject, useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestNode as N, n } from '../test-fixtures.ts';
import { OrgTree, type OrgTreeHandle, type OrgTreeProps } from './OrgTree.tsx';

const sample = () => n('1', [n('2', [n('4')]), n('3', [], { disabled: true })]);

let latest: N | null = null;
function Harness(props: Partial<OrgTreeProps<N>> & { initial: N; handle?: RefObject<OrgTreeHandle | null> }) {
  const { initial, handle, ...rest } = props;
  const [data, setData] = useState<N | null>(initial);
  latest = data;
  const onChange = useCallback((fn: (d: N) => N) => setData((d) => d && fn(d)), []);
  return <OrgTree<N> {...rest} ref={handle} data={data} onChange={onChange} />;
}

const node = (id: string) => screen.getByTestId(`tree-node-${id}`);
const queryNode = (id: string) => screen.queryByTestId(`tree-node-${id}`);
const layer = () => screen.getByTestId('org-tree-layer');

afterEach(async () => {
  vi.useRealTimers();
  latest = null;
  await cleanupPage();
});

describe('OrgTree rendering and toolbar', () => {
  it('renders the expanded nodes with expand buttons; leaves have none', () => {
    render(<Harness initial={sample()} />);
    expect(['1', '2', '3', '4'].map((id) => queryNode(id) !== null)).toEqual([true, true, true, true]);
    expect(node('1').dataset.state).toBe('expanded');
    expect(screen.getByTestId('tree-toggle-1')).toBeTruthy();
    expect(node('4').dataset.state).toBe('leaf');
    expect(screen.queryByTestId('tree-toggle-4')).toBeNull();
  });

  it('collapsing a node collapses its descendants; expand-all and collapse-all', () => {
    render(<Harness initial={sample()} />);
    fireEvent.click(screen.getByTestId('tree-toggle-2'));
    expect(queryNode('4')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-toggle-1'));
    expect(queryNode('2')).toBeNull();
    expect(latest?.children?.[0]?.expand).toBe(false);
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    expect(queryNode('4')).not.toBeNull();
    fireEvent.click(screen.getByTestId('tree-collapse-all'));
    expect(queryNode('2')).toBeNull();
    expect(node('1').dataset.state).toBe('collapsed');
  });

  it('zooms between 0.3 and 3 in steps of 0.1 and restores zoom 1 at 0,0', () => {
    render(<Harness initial={sample()} />);
    const zoom = () => Number(screen.getByTestId('tree-zoom-level').dataset.zoom);
    fireEvent.click(screen.getByTestId('tree-zoom-in'));
    expect(zoom()).toBe(1.1);
    expect(screen.getByTestId('tree-zoom-level').textContent).toBe('110%');
    for (let i = 0; i < 30; i++) fireEvent.click(screen.getByTestId('tree-zoom-in'));
    expect(zoom()).toBe(3);
    expect((screen.getByTestId('tree-zoom-in') as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 40; i++) fireEvent.click(screen.getByTestId('tree-zoom-out'));
    expect(zoom()).toBe(0.3);
    expect((screen.getByTestId('tree-zoom-out') as HTMLButtonElement).disabled).toBe(true);
    // The wheel zooms one step per notch.
    fireEvent.wheel(screen.getByTestId('org-tree-viewport'), { deltaY: -100 });
    expect(zoom()).toBe(0.4);
    fireEvent.click(screen.getByTestId('tree-restore'));
    expect([layer().dataset.x, layer().dataset.y, layer().dataset.scale]).toEqual(['0', '0', '1']);
    expect(zoom()).toBe(1);
  });

  it('pans with a drag (one transform, no click afterwards) and pinch-zooms with two pointers', () => {
    vi.useFakeTimers();
    const onNodeClick = vi.fn();
    render(<Harness initial={sample()} onNodeClick={onNodeClick} />);
    const target = node('2');
    fireEvent.pointerDown(target, { pointerId: 1, clientX: 10, clientY: 10, pointerType: 'touch' });
    fireEvent.pointerMove(target, { pointerId: 1, clientX: 60, clientY: 30, pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerId: 1, clientX: 60, clientY: 30, pointerType: 'touch' });
    expect([layer().dataset.x, layer().dataset.y]).toEqual(['50', '20']);
    fireEvent.click(target);
    act(() => vi.advanceTimersByTime(300));
    expect(onNodeClick).not.toHaveBeenCalled();

    const viewport = screen.getByTestId('org-tree-viewport');
    fireEvent.pointerDown(viewport, { pointerId: 2, clientX: 100, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerDown(viewport, { pointerId: 3, clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerMove(viewport, { pointerId: 3, clientX: 300, clientY: 100, pointerType: 'touch' });
    expect(layer().dataset.scale).toBe('2');
    fireEvent.pointerMove(viewport, { pointerId: 3, clientX: 2000, clientY: 100, pointerType: 'touch' });
    expect(layer().dataset.scale).toBe('3');
    fireEvent.pointerUp(viewport, { pointerId: 2 });
    fireEvent.pointerUp(viewport, { pointerId: 3 });
  });

  it('keeps an expanded or collapsed node where it was on screen', () => {
    render(<Harness initial={n('1', [n('2', [n('4'), n('5')], { expand: false }), n('3')])} />);
    expect(layer().dataset.x).toBe('0');
    // 160 px boxes, 16 px gaps: expanding 2 moves it 44 px left in the layout; the view follows.
    fireEvent.click(screen.getByTestId('tree-toggle-2'));
    expect(screen.getByTestId('tree-node-4')).toBeTruthy();
    expect(layer().dataset.x).toBe('44');
    fireEvent.click(screen.getByTestId('tree-toggle-2'));
    expect(layer().dataset.x).toBe('0');
  });

  it('goes full screen with the CSS fallback where the Fullscreen API is missing', async () => {
    render(<Harness initial={sample()} />);
    await act(async () => fireEvent.click(screen.getByTestId('tree-fullscreen')));
    expect(screen.getByTestId('org-tree').className).toContain('org-tree--fullscreen');
    expect(screen.getByTestId('org-tree').dataset.fullscreen).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('tree-fullscreen')));
    expect(screen.getByTestId('org-tree').className).not.toContain('org-tree--fullscreen');
  });

  it('uses the Fullscreen API when there is one', async () => {
    const request = vi.fn(async () => undefined);
    HTMLElement.prototype.requestFullscreen = request;
    try {
      render(<Harness initial={sample()} />);
      await act(async () => fireEvent.click(screen.getByTestId('tree-fullscreen')));
      expect(request).toHaveBeenCalledOnce();
      expect(screen.getByTestId('org-tree').className).not.toContain('org-tree--fullscreen');
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
    }
  });
});

describe('OrgTree clicks', () => {
  it('a single click fires after 260 ms; a double click cancels it and toggles the node', () => {
    vi.useFakeTimers();
    const onNodeClick = vi.fn();
    render(<Harness initial={sample()} onNodeClick={onNodeClick} />);
    fireEvent.click(node('2'));
    act(() => vi.advanceTimersByTime(259));
    expect(onNodeClick).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onNodeClick).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: '2' }));

    fireEvent.click(node('2'));
    fireEvent.click(node('2'));
    fireEvent.doubleClick(node('2'));
    act(() => vi.advanceTimersByTime(1000));
    expect(onNodeClick).toHaveBeenCalledTimes(1);
    expect(queryNode('4')).toBeNull();
    expect(node('2').dataset.state).toBe('collapsed');
  });
});

describe('OrgTree lazy loading', () => {
  it('loads children on expand; a node with none becomes a leaf', async () => {
    const load = vi.fn(async (parent: N) => (parent.id === '5' ? [n('6'), n('7')] : []));
    render(<Harness initial={n('1', [n('5'), n('8')])} lazy load={load} />);
    expect(node('5').dataset.state).toBe('collapsed');
    fireEvent.click(screen.getByTestId('tree-toggle-5'));
    await screen.findByTestId('tree-node-6');
    expect(node('5').dataset.state).toBe('expanded');
    expect(latest?.children?.[0]?.children?.map((c) => c.pid ?? c.id)).toEqual(['6', '7']);

    fireEvent.click(screen.getByTestId('tree-toggle-8'));
    await waitFor(() => expect(node('8').dataset.state).toBe('leaf'));
    expect(screen.queryByTestId('tree-toggle-8')).toBeNull();
    expect(latest?.children?.[1]).toMatchObject({ isLeaf: true, expand: false });
    // Loaded children are kept: collapse and expand again without a request.
    fireEvent.click(screen.getByTestId('tree-toggle-5'));
    fireEvent.click(screen.getByTestId('tree-toggle-5'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('expand-all never loads', () => {
    const load = vi.fn(async () => [n('9')]);
    render(<Harness initial={n('1', [n('5')])} lazy load={load} />);
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    expect(load).not.toHaveBeenCalled();
  });
});

describe('OrgTree compact boxes and expand all', () => {
  it('draws compact boxes once zoom × the text size is under 9 px, full boxes again when zoomed in', () => {
    render(<Harness initial={sample()} compactFontPx={11} />);
    expect(layer().dataset.compact).toBeUndefined();
    fireEvent.click(screen.getByTestId('tree-zoom-out')); // 90 %: 9.9 px
    expect(layer().dataset.compact).toBeUndefined();
    fireEvent.click(screen.getByTestId('tree-zoom-out')); // 80 %: 8.8 px
    expect(layer().dataset.compact).toBe('true');
    expect(layer().classList.contains('org-tree__layer--compact')).toBe(true);
    fireEvent.click(screen.getByTestId('tree-zoom-in'));
    expect(layer().dataset.compact).toBeUndefined();
  });

  it('never compacts without a text size', () => {
    render(<Harness initial={sample()} />);
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByTestId('tree-zoom-out'));
    expect(layer().dataset.compact).toBeUndefined();
  });

  it('expand all calls onExpandAll instead when given (a lazy tree loading its whole subtree)', () => {
    const onExpandAll = vi.fn();
    const handle = createRef<OrgTreeHandle>();
    render(
      <Harness
        initial={n('1', [n('5', [n('6')], { expand: false })])}
        onExpandAll={onExpandAll}
        handle={handle}
      />,
    );
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    act(() => handle.current?.expandAll());
    expect(onExpandAll).toHaveBeenCalledTimes(2);
    expect(queryNode('6')).toBeNull();
  });
});

describe('OrgTree filter', () => {
  it('without filterNodeMethod, filtering raises the spec message', () => {
    const handle = createRef<OrgTreeHandle>();
    render(<Harness initial={sample()} handle={handle} />);
    expect(() => handle.current?.filter('node')).toThrow('[Tree] filterNodeMethod is required when filter');
  });

  it('with a method, the filter field hides what does not match', () => {
    render(
      <Harness
        initial={sample()}
        filterable
        filterNodeMethod={(value, item) => item.label.endsWith(value)}
      />,
    );
    fireEvent.click(screen.getByTestId('tree-filter-toggle'));
    fireEvent.change(screen.getByTestId('tree-filter-input'), { target: { value: '4' } });
    expect(queryNode('3')).toBeNull();
    expect(queryNode('4')).not.toBeNull();
    fireEvent.change(screen.getByTestId('tree-filter-input'), { target: { value: '' } });
    expect(queryNode('3')).not.toBeNull();
  });
});

describe('OrgTree context menu', () => {
  const menuItems = () => screen.getAllByRole('menuitem').map((b) => b.dataset.testid);

  it('offers copy, add, edit and delete on an enabled tree and node; copy only on a disabled node', () => {
    render(<Harness initial={sample()} />);
    fireEvent.contextMenu(node('2'));
    expect(menuItems()).toEqual(['tree-menu-copy', 'tree-menu-add', 'tree-menu-edit', 'tree-menu-delete']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('tree-menu')).toBeNull();
    fireEvent.contextMenu(node('3'));
    expect(menuItems()).toEqual(['tree-menu-copy']);
  });

  it('a disabled tree offers copy only', () => {
    render(<Harness initial={sample()} disabled />);
    fireEvent.contextMenu(node('2'));
    expect(menuItems()).toEqual(['tree-menu-copy']);
  });

  it('opens on a long press too', () => {
    vi.useFakeTimers();
    render(<Harness initial={sample()} disabled />);
    fireEvent.pointerDown(node('2'), { pointerId: 1, clientX: 5, clientY: 5, pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(500));
    expect(menuItems()).toEqual(['tree-menu-copy']);
    fireEvent.pointerUp(node('2'), { pointerId: 1 });
  });

  it('copies the text with a success notice, or says the browser is not supported', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<Harness initial={sample()} copyText={(item) => `copy of ${item.id}`} />);
    fireEvent.contextMenu(node('2'));
    fireEvent.click(screen.getByTestId('tree-menu-copy'));
    expect(await screen.findByText('Text copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('copy of 2');

    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const exec = document.execCommand;
    document.execCommand = () => false;
    try {
      fireEvent.contextMenu(node('2'));
      fireEvent.click(screen.getByTestId('tree-menu-copy'));
      expect(await screen.findByText('Your browser does not support copying')).toBeTruthy();
    } finally {
      document.execCommand = exec;
    }
  });

  it('adds a node that is removed when focus leaves it unnamed, and kept once named', () => {
    const onNodeAdd = vi.fn();
    render(<Harness initial={sample()} onNodeAdd={onNodeAdd} />);
    fireEvent.contextMenu(node('4'));
    fireEvent.click(screen.getByTestId('tree-menu-add'));
    const input = screen.getByTestId('tree-node-input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    const added = latest?.children?.[0]?.children?.[0]?.children?.[0];
    expect(added).toMatchObject({
      pid: '4',
      label: '',
      expand: false,
      children: [],
      newNode: true,
      focused: true,
    });
    fireEvent.blur(input);
    expect(screen.queryByTestId('tree-node-input')).toBeNull();
    expect(latest?.children?.[0]?.children?.[0]?.children).toEqual([]);
    expect(onNodeAdd).not.toHaveBeenCalled();

    fireEvent.contextMenu(node('4'));
    fireEvent.click(screen.getByTestId('tree-menu-add'));
    const named = screen.getByTestId('tree-node-input') as HTMLInputElement;
    fireEvent.change(named, { target: { value: 'Alice' } });
    fireEvent.blur(named);
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(onNodeAdd).toHaveBeenCalledWith(
      expect.objectContaining({ label: 'Alice', pid: '4', newNode: false }),
    );
  });

  it('edits and deletes a node', () => {
    const onNodeDelete = vi.fn();
    const onNodeEdit = vi.fn();
    render(<Harness initial={sample()} onNodeDelete={onNodeDelete} onNodeEdit={onNodeEdit} />);
    fireEvent.contextMenu(node('4'));
    fireEvent.click(screen.getByTestId('tree-menu-edit'));
    const input = screen.getByTestId('tree-node-input') as HTMLInputElement;
    expect(input.value).toBe('node 4');
    fireEvent.change(input, { target: { value: 'renamed' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(node('4').textContent).toBe('renamed');
    expect(onNodeEdit).toHaveBeenCalledWith(expect.objectContaining({ id: '4', label: 'renamed' }));

    fireEvent.contextMenu(node('2'));
    fireEvent.click(screen.getByTestId('tree-menu-delete'));
    expect(queryNode('2')).toBeNull();
    expect(queryNode('4')).toBeNull();
    expect(onNodeDelete).toHaveBeenCalledWith(expect.objectContaining({ id: '2' }));
  });
});

describe('OrgTree renders the boxes around the view', () => {
  /** A full binary tree: 2^depth − 1 nodes, 2^(depth−1) leaves of 160 px, 16 px apart. */
  const full = (depth: number, id = '1'): N =>
    depth === 1 ? n(id) : n(id, [full(depth - 1, `${id}0`), full(depth - 1, `${id}1`)]);
  const inPage = () =>
    [...layer().querySelectorAll<HTMLElement>('[data-node-id]')].map((el) => ({
      id: el.dataset.nodeId as string,
      left: Number.parseFloat(el.style.left),
      top: Number.parseFloat(el.style.top),
    }));

  // The test DOM lays nothing out: the chart's viewport is given the size a phone would give it.
  const sized = () => {
    const size = (el: HTMLElement, value: number) => (el.dataset?.testid === 'org-tree-viewport' ? value : 0);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return size(this, 390);
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return size(this, 600);
    });
  };
  afterEach(() => vi.restoreAllMocks());

  /**
   * The boxes in the page are those reaching into the viewport widened by half of it on each side:
   * 160 × 64 boxes, 8 px around them, levels 104 px apart; the view shows layout x from −195 − x to
   * 195 − x (zoom 1). Every box on screen is there.
   */
  const expectAround = (viewX: number, all: ReturnType<typeof inPage>) => {
    const left = -390 - viewX;
    const right = 390 - viewX;
    const want = all.filter((b) => b.left + 168 >= left && b.left - 8 <= right).map((b) => b.id);
    expect(
      inPage()
        .map((b) => b.id)
        .sort(),
    ).toEqual(want.sort());
    const onScreen = all.filter((b) => b.left + 160 > -195 - viewX && b.left < 195 - viewX);
    expect(onScreen.length).toBeGreaterThan(0);
  };

  it('mounts only the boxes within half a viewport around it, and the others as the chart is dragged', () => {
    // Every box, from a chart without a size (it renders them all).
    const everything = render(<Harness initial={full(6)} />);
    const all = inPage();
    expect(all).toHaveLength(63);
    everything.unmount();

    sized();
    render(<Harness initial={full(6)} />);
    expect(inPage().length).toBeLessThan(20);
    expectAround(0, all);
    expect(queryNode('1')).not.toBeNull();

    // Drag 2,000 px to the left: the boxes there leave the page, those now around the view come in.
    const viewport = screen.getByTestId('org-tree-viewport');
    fireEvent.pointerDown(viewport, {
      pointerId: 1,
      clientX: 300,
      clientY: 100,
      pointerType: 'mouse',
      button: 0,
    });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: -1700, clientY: 100, pointerType: 'mouse' });
    fireEvent.pointerUp(viewport, { pointerId: 1 });
    expect(layer().dataset.x).toBe('-2000');
    expect(queryNode('1')).toBeNull();
    expectAround(-2000, all);
  });

  it('keeps the box holding the keyboard focus, wherever the arrow keys move the view', () => {
    sized();
    render(<Harness initial={full(6)} />);
    const toggle = screen.getByTestId('tree-toggle-1');
    toggle.focus();
    for (let i = 0; i < 40; i++) fireEvent.keyDown(toggle, { key: 'ArrowLeft' });
    expect(layer().dataset.x).toBe('1600');
    expect(queryNode('11')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.isConnected).toBe(true);
    // Once the focus leaves it, the box goes with the next move of the area.
    fireEvent.blur(toggle);
    for (let i = 0; i < 10; i++)
      fireEvent.keyDown(screen.getByTestId('org-tree-viewport'), { key: 'ArrowLeft' });
    expect(queryNode('1')).toBeNull();
  });

  it('keeps a box whose label is being edited, wherever the view goes', () => {
    sized();
    render(<Harness initial={full(6)} />);
    fireEvent.contextMenu(node('1'));
    fireEvent.click(screen.getByTestId('tree-menu-edit'));
    // Arrow keys move the chart 40 px each: 1,600 px to the right, the view is now over box 10
    // (x −1,488…−1,328), far from the root (−80…80) and from box 11.
    for (let i = 0; i < 40; i++)
      fireEvent.keyDown(screen.getByTestId('org-tree-viewport'), { key: 'ArrowLeft' });
    expect(layer().dataset.x).toBe('1600');
    expect(queryNode('10')).not.toBeNull();
    expect(queryNode('11')).toBeNull();
    expect(node('1').contains(screen.getByTestId('tree-node-input'))).toBe(true);
  });
});
