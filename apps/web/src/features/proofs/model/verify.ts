import { type PublishedRoot, type VerifyExpectations, type VerifyReason, verifyOnChain } from '@agc/shared';
import { publicClientFor } from '@web/lib/wallet/rpc.ts';
import type { EIP1193Provider } from '@web/lib/wallet/types.ts';
import { createPublicClient, custom } from 'viem';

/**
 * Checking a proof in the browser: the path is recomputed here (the shared verifier) and the root read from the
 * chain by this page itself, through the configured public RPC or the member's own wallet, never through our API.
 */

/** Where the root is read: the configured public RPC, or the member's wallet (its own node). */
export type ReadSource = { kind: 'rpc'; rpcUrl: string } | { kind: 'wallet'; provider: EIP1193Provider };

/** Why not: the verifier's reasons, or the chain that could not be read. */
export type VerdictReason = VerifyReason | 'chain_unreachable';

export type Verdict =
  | { ok: true; rootHash: string; published: PublishedRoot }
  | { ok: false; reason: VerdictReason; detail: string };

type Reader = Parameters<typeof verifyOnChain>[0];

export function readerFor(source: ReadSource): Reader {
  return source.kind === 'rpc'
    ? publicClientFor(source.rpcUrl)
    : createPublicClient({ transport: custom({ request: (args) => source.provider.request(args) }) });
}

/** Verifies `input` (a proof file's JSON) against the chain the reader reads. */
export async function checkProof(
  reader: Reader,
  input: unknown,
  expect: VerifyExpectations,
): Promise<Verdict> {
  try {
    const r = await verifyOnChain(reader, input, expect);
    if (!r.ok) return { ok: false, reason: r.reason, detail: r.detail };
    if (!r.published) return { ok: false, reason: 'not_published', detail: 'nothing read' };
    return { ok: true, rootHash: r.root.hash, published: r.published };
  } catch (err) {
    return {
      ok: false,
      reason: 'chain_unreachable',
      detail: err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err),
    };
  }
}

/** A proof file's text as JSON; a file that is not JSON is malformed, as any other wrong field is. */
export function parseProofText(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : 'not JSON' };
  }
}
