import { buildLevels, type PorProof, type PorSnapshot, rootOf, siblingsOf } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { bytesToHex, encodeAbiParameters, hexToBytes } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyBalancePage from './VerifyBalancePage.tsx';

const PATH = '/pages/proof/verify';
const MEMBER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CONTRACT = CONFIG.contracts.attestation as `0x${string}`;

afterEach(cleanupPage);

// A real two-leaf tree: the member and a padding leaf, built with the shared format (the page verifies it for real).
const leaves = [
  {
    salt: hexToBytes(`0x${'11'.repeat(32)}`),
    member: hexToBytes(MEMBER),
    usdt: 1_250_500_000n,
    agc: 3n * 10n ** 18n,
  },
  { salt: hexToBytes(`0x${'22'.repeat(32)}`), member: new Uint8Array(20), usdt: 0n, agc: 0n },
];
const levels = buildLevels(leaves);
const root = rootOf(levels);
const snapshot: PorSnapshot = {
  snapshot_id: 9,
  day: '2030-01-01',
  as_of: '2030-01-02T00:06:00.000Z',
  root_hash: bytesToHex(root.hash),
  assets: [],
  reserves_block: '120',
  reserves_block_hash: '0x',
  reserves_at: '2030-01-02T00:06:00.000Z',
  tx_hash: `0x${'ab'.repeat(32)}`,
  published_block: '121',
  published_at: '2030-01-02T00:06:10.000Z',
};
const answer: PorProof = {
  proof: {
    snapshot_id: 9,
    chain_id: 42161,
    attestation_address: CONTRACT,
    index: 0,
    salt: `0x${'11'.repeat(32)}`,
    member: MEMBER,
    usdt: '1250500000',
    agc: '3000000000000000000',
    siblings: siblingsOf(levels, 0),
  },
  snapshot,
  parts: [
    { key: 'available', asset: 'USDT', amount: '1000.5' },
    { key: 'vouchers', asset: 'USDT', amount: '250' },
    { key: 'available', asset: 'AGC', amount: '3' },
  ],
  rpc_url: CONFIG.rpc_url,
};

/** The chain behind the configured RPC: chain 42161, and `snapshots(9)` answering `published` (the real root by default). */
function chainRpc(
  published: { root: `0x${string}`; usdt: bigint; agc: bigint; at: bigint } | null,
): ApiHandler {
  return (_url, body) => {
    const { id, method } = body as { id: number; method: string };
    if (method === 'eth_chainId') return { body: { jsonrpc: '2.0', id, result: '0xa4b1' } };
    const p = published ?? { root: `0x${'00'.repeat(32)}` as const, usdt: 0n, agc: 0n, at: 0n };
    const result = encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint64' }, { type: 'uint64' }],
      [p.root, p.usdt, p.agc, 120n, p.at],
    );
    return { body: { jsonrpc: '2.0', id, result } };
  };
}
const REAL = { root: bytesToHex(root.hash), usdt: root.usdt, agc: root.agc, at: 1_893_542_770n };

function server(proof: ApiHandler = () => ok(answer), chain = chainRpc(REAL)) {
  useAuthStore.setState({ token: 'tok' });
  useWalletStore.setState({ address: MEMBER });
  return stubApi({ 'GET /api/v1/config': () => ok(CONFIG), 'GET /api/v1/por/proof': proof, 'POST /': chain });
}

describe('verify my balance', () => {
  it('shows the leaf beside what the app showed, and verifies it against the root read from the chain', async () => {
    const calls = server();
    renderPage(<VerifyBalancePage />, PATH);
    expect((await screen.findByTestId('por-leaf-usdt')).textContent).toBe('1,250.50 USDT');
    expect(screen.getByTestId('por-leaf-agc').textContent).toBe('3.00 AGC');
    expect(screen.getByTestId('por-snapshot').textContent).toContain('Snapshot 9');
    expect(within(screen.getByTestId('por-parts')).getByText('Approved withdrawals')).toBeTruthy();
    expect(screen.getByTestId('por-match-usdt').textContent).toBe(
      'USDT: the leaf holds what the app showed you (1,250.50 USDT)',
    );
    expect((await screen.findByTestId('por-verdict-status')).textContent).toBe('Verified');
    // The root came from the chain's RPC (an eth_call), not from our API.
    expect(calls.some((c) => c.path === '/' && (c.body as { method: string }).method === 'eth_call')).toBe(
      true,
    );
    expect(calls.filter((c) => c.path.startsWith('/api/v1/por')).map((c) => c.path)).toEqual([
      '/api/v1/por/proof',
    ]);
  });

  it('is not verified when the chain holds another root, and says why', async () => {
    server(() => ok(answer), chainRpc({ ...REAL, root: `0x${'cd'.repeat(32)}` }));
    renderPage(<VerifyBalancePage />, PATH);
    expect((await screen.findByTestId('por-verdict-status')).textContent).toBe('Not verified');
    expect(screen.getByTestId('por-verdict-reason').textContent).toContain('The path leads to another root');
  });

  it('says when nothing is published on chain for the snapshot', async () => {
    server(() => ok(answer), chainRpc(null));
    renderPage(<VerifyBalancePage />, PATH);
    expect((await screen.findByTestId('por-verdict-reason')).textContent).toBe(
      'No root is published on chain for this snapshot.',
    );
  });

  it('answers the server’s reason when there is no proof yet', async () => {
    server(() => fail(404, 'No proof-of-liabilities snapshot has been published yet'));
    renderPage(<VerifyBalancePage />, PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain(
      'No proof-of-liabilities snapshot has been published yet',
    );
  });

  it('downloads the proof as JSON', async () => {
    server();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proof');
    renderPage(<VerifyBalancePage />, PATH);
    fireEvent.click(await screen.findByTestId('por-download'));
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual(answer.proof);
    created.mockRestore();
  });

  it('checks a proof file: a tampered one is not verified, with the reason; not JSON is malformed', async () => {
    server();
    renderPage(<VerifyBalancePage />, PATH);
    await screen.findByTestId('por-verdict-status');
    const tampered = { ...answer.proof, usdt: '9250500000' };
    const input = screen.getByTestId('por-file');
    fireEvent.change(input, {
      target: { files: [new File([JSON.stringify(tampered)], 'proof.json', { type: 'application/json' })] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('por-file-verdict-status').textContent).toBe('Not verified'),
    );
    expect(screen.getByTestId('por-file-verdict-reason').textContent).toContain('another root');
    fireEvent.change(input, { target: { files: [new File(['not json'], 'proof.txt')] } });
    await waitFor(() =>
      expect(screen.getByTestId('por-file-verdict-reason').textContent).toBe(
        'This is not a valid proof file (a field is missing or has the wrong form).',
      ),
    );
    fireEvent.change(input, {
      target: {
        files: [new File([JSON.stringify(answer.proof)], 'mine.json', { type: 'application/json' })],
      },
    });
    await waitFor(() => expect(screen.getByTestId('por-file-verdict-status').textContent).toBe('Verified'));
  });
});
