import { defined } from '@agc/shared/defined';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  addressOf,
  fakeSubtree,
  relationTo,
  subtreeAnswer,
  treeAnswer,
} from '@web/features/tree/test-fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import InviteTreePage from './InviteTreePage.tsx';

afterEach(cleanupPage);

const URL_PATH = '/pages/my/invite/inviteTree';

function api(options: { deep?: boolean; subtreeLimit?: number; level0?: boolean } = {}) {
  const tree = fakeSubtree();
  if (options.level0) {
    const three = defined(tree.get('3'));
    tree.set('3', { ...three, node: { ...three.node, level: 0 } });
  }
  const subtree: ApiHandler = (url) => {
    const answer = subtreeAnswer(tree, url.searchParams.get('id') ?? '1', options.subtreeLimit);
    return answer ? ok(answer) : fail(404, 'Not found');
  };
  const meTree: ApiHandler = (url) => {
    const answer = treeAnswer(tree, url.searchParams.get('id') ?? '1');
    return answer ? ok(answer) : fail(404, 'Not found');
  };
  const relation: ApiHandler = (url) => {
    const address = url.searchParams.get('address');
    if (address === addressOf('8'))
      return ok(options.deep ? relationTo(tree, ['4', '8'], true) : relationTo(tree, ['1', '2', '4', '8']));
    if (address === addressOf('3')) return ok(relationTo(tree, ['1', '3']));
    return fail(404, 'Not found');
  };
  return stubApi({
    'GET /api/v1/me/tree': meTree,
    'GET /api/v1/me/relation': relation,
    'GET /api/v1/me/tree/subtree': subtree,
  });
}

const node = (id: string) => screen.getByTestId(`tree-node-${id}`);
const treeCalls = (calls: ReturnType<typeof api>) =>
  calls.filter((c) => c.path === '/api/v1/me/tree').map((c) => c.query.get('id'));

describe('invite tree page', () => {
  it('shows the member as root with left and right volume (2 decimals), carry, level and an empty slot', async () => {
    const calls = api();
    renderPage(<InviteTreePage />, URL_PATH);
    const root = await screen.findByTestId('tree-node-1');
    const line = (el: HTMLElement, name: string) => el.querySelector(`.member-node__${name}`)?.textContent;
    expect(line(root, 'address')).toBe('0xaaaaaaaaaa...aaaaaaa1');
    expect(line(root, 'meta')).toBe('V3 · You');
    expect(line(root, 'volumes')).toBe('L 1,234.50R 100.00');
    expect(line(root, 'carry')).toBe('Carry 1,134.50 / 0.00');
    expect(line(node('2'), 'volumes')).toBe('L 1,000.00R 0.00');
    expect(line(node('3'), 'meta')).toBe('V1 · R');
    // 3 has no children: a leaf from the start.
    expect(node('3').dataset.state).toBe('leaf');
    expect(treeCalls(calls)).toEqual([null]);

    // Lazy loading, one level per call: 2 has a left child and an empty right slot.
    fireEvent.click(screen.getByTestId('tree-toggle-2'));
    await screen.findByTestId('tree-node-4');
    // The slot names whose it is: wherever the view shows it, a right slot is never taken for the root's left one.
    const slot = screen.getByTestId('tree-node-2-right');
    expect(slot.firstElementChild?.textContent).toBe('Right: empty');
    expect(slot.querySelector('.member-node__parent')?.textContent).toBe('Under 0xaaaaaaaaaa...aaaaaaa2');
    expect(treeCalls(calls)).toEqual([null, '2']);
  });

  it('selects a member on a single click and shows its details', async () => {
    api();
    renderPage(<InviteTreePage />, URL_PATH);
    fireEvent.click(await screen.findByTestId('tree-node-3'));
    const detail = await screen.findByTestId('tree-node-detail');
    expect(within(detail).getByTestId('tree-detail-address').textContent).toBe(addressOf('3'));
    expect(within(detail).getByTestId('tree-detail-side').textContent).toBe('Right');
    expect(within(detail).getByTestId('tree-detail-left_volume').textContent).toBe('0.00 USDT');
    expect(node('3').dataset.selected).toBe('true');
    fireEvent.click(screen.getByTestId('tree-detail-close'));
    expect(screen.queryByTestId('tree-node-detail')).toBeNull();
  });

  it('offers copy only: members cannot change the placement tree', async () => {
    api();
    renderPage(<InviteTreePage />, URL_PATH);
    fireEvent.contextMenu(await screen.findByTestId('tree-node-2'));
    expect(screen.getAllByRole('menuitem').map((b) => b.dataset.testid)).toEqual(['tree-menu-copy']);
  });

  it('filters the loaded members by part of the address', async () => {
    api();
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-3');
    fireEvent.click(screen.getByTestId('tree-filter-toggle'));
    fireEvent.change(screen.getByTestId('tree-filter-input'), { target: { value: 'AAA3' } });
    expect(screen.queryByTestId('tree-node-2')).toBeNull();
    expect(screen.getByTestId('tree-node-3')).toBeTruthy();
  });

  it('search: requires the address, checks it, says when it is outside the team', async () => {
    const calls = api();
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    expect((await screen.findByTestId('tree-search-message')).textContent).toBe(
      'Please enter the invitation address',
    );
    fireEvent.change(screen.getByTestId('tree-search-input'), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('tree-search-message').textContent).toContain('Please enter a valid address'),
    );
    expect(calls.some((c) => c.path === '/api/v1/me/relation')).toBe(false);

    fireEvent.change(screen.getByTestId('tree-search-input'), { target: { value: addressOf('99') } });
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('tree-search-message').textContent).toBe('This address is not in your team'),
    );
    expect(screen.getByTestId('tree-search-message').dataset.kind).toBe('error');
  });

  it('search: opens the chart down to a member of the team and selects it', async () => {
    const calls = api();
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    fireEvent.change(screen.getByTestId('tree-search-input'), { target: { value: addressOf('8') } });
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    const target = await screen.findByTestId('tree-node-8');
    await waitFor(() => expect(target.dataset.selected).toBe('true'));
    expect(screen.getByTestId('tree-search-message').textContent).toBe('Found. Levels below you: 3');
    expect(screen.getByTestId('tree-detail-address').textContent).toBe(addressOf('8'));
    expect(calls.find((c) => c.path === '/api/v1/me/relation')?.query.get('address')).toBe(addressOf('8'));
    // The two missing levels were loaded (in parallel), nothing else.
    expect(treeCalls(calls).slice(1).sort()).toEqual(['2', '4']);
    expect(screen.queryByTestId('tree-rerooted')).toBeNull();
  });

  it('search with a cut path re-roots the chart and offers to go back', async () => {
    api({ deep: true });
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    fireEvent.change(screen.getByTestId('tree-search-input'), { target: { value: addressOf('8') } });
    fireEvent.click(screen.getByTestId('tree-search-submit'));
    await screen.findByTestId('tree-rerooted');
    expect(screen.queryByTestId('tree-node-1')).toBeNull();
    expect(screen.getByTestId('tree-node-4')).toBeTruthy();
    expect(screen.getByTestId('tree-node-8').dataset.selected).toBe('true');
    expect(screen.getByTestId('tree-search-message').textContent).toBe(
      'Found. Levels below you: 3. The path is long, so the chart now starts closer to this member.',
    );
    fireEvent.click(screen.getByTestId('tree-back-to-me'));
    await screen.findByTestId('tree-node-1');
    expect(screen.queryByTestId('tree-rerooted')).toBeNull();
  });

  it('expand all loads the whole subtree in one request and opens every node', async () => {
    const calls = api();
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    expect(screen.queryByTestId('tree-node-8')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    // 8 sits two levels below anything loaded so far: only the subtree answer can bring it.
    await screen.findByTestId('tree-node-8');
    for (const id of ['1', '2', '4']) expect(node(id).dataset.state).toBe('expanded');
    expect(screen.getByTestId('tree-node-4-left')).toBeTruthy();
    const subtreeCalls = calls.filter((c) => c.path === '/api/v1/me/tree/subtree');
    expect(subtreeCalls.map((c) => c.query.get('id'))).toEqual(['1']);
    // No node was loaded one by one.
    expect(treeCalls(calls)).toEqual([null]);
    expect(screen.queryByTestId('tree-truncated')).toBeNull();
  });

  it('expand all says when the server cut the subtree at its limit; the rest still loads lazily', async () => {
    api({ subtreeLimit: 4 });
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    fireEvent.click(screen.getByTestId('tree-expand-all'));
    const notice = await screen.findByTestId('tree-truncated');
    expect(notice.textContent).toBe('Showing the first 4 members; open deeper ones one by one');
    expect(node('4').dataset.state).toBe('collapsed');
    expect(screen.queryByTestId('tree-node-8')).toBeNull();
    fireEvent.click(screen.getByTestId('tree-toggle-4'));
    await screen.findByTestId('tree-node-8');
  });

  it('shows level 0 as no level, distinct from V1, and marks the box with its level', async () => {
    api({ level0: true });
    renderPage(<InviteTreePage />, URL_PATH);
    await screen.findByTestId('tree-node-1');
    expect(node('3').querySelector('.member-node__meta')?.textContent).toBe('No level · R');
    expect(node('3').classList.contains('member-node--lv0')).toBe(true);
    expect(node('2').querySelector('.member-node__meta')?.textContent).toBe('V1 · L');
    expect(node('2').classList.contains('member-node--lv1')).toBe(true);
  });

  it('shows a failure with its reason and a retry when the tree cannot be loaded', async () => {
    let fails = true;
    const tree = fakeSubtree();
    stubApi({
      'GET /api/v1/me/tree': (url) =>
        fails ? fail(500, 'boom') : ok(defined(treeAnswer(tree, url.searchParams.get('id') ?? '1'))),
    });
    renderPage(<InviteTreePage />, URL_PATH);
    await expectLoadFailed('tree-error', 'boom');
    fails = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByTestId('invite-tree')).toBeTruthy();
  });
});
