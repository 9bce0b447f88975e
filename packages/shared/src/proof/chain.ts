import { type Address, type Chain, type PublicClient, parseAbi, type Transport } from 'viem';
import type { ProofFile, PublishedRoot } from './format.ts';
import { type VerifyExpectations, type VerifyResult, verifyProof } from './verify.ts';

/**
 * The attestation contract's public interface as the format documents it (the contract's tests check the compiled
 * ABI has exactly these), so a verifier needs nothing but the chain: no ABI from our build, no answer of our server.
 */
export const attestationReadAbi = parseAbi([
  'function snapshots(uint64 snapshotId) view returns (bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock, uint64 publishedAt)',
  'event Published(uint64 indexed snapshotId, bytes32 rootHash, uint256 totalUsdt, uint256 totalAgc, uint64 reservesBlock)',
]);

type Reader = Pick<PublicClient<Transport, Chain | undefined>, 'readContract' | 'getChainId'>;

/** `snapshots(id)` of the contract at `address`; null when nothing was published for the id. */
export async function readPublishedRoot(
  client: Reader,
  address: Address,
  snapshotId: number | bigint,
): Promise<PublishedRoot | null> {
  const [rootHash, totalUsdt, totalAgc, reservesBlock, publishedAt] = await client.readContract({
    address,
    abi: attestationReadAbi,
    functionName: 'snapshots',
    args: [BigInt(snapshotId)],
  });
  if (publishedAt === 0n) return null;
  return { rootHash, totalUsdt, totalAgc, reservesBlock, publishedAt };
}

/**
 * Verifies a proof against the chain the client reads: its chain id must be the proof's, the root is read from the
 * contract the proof names (or `expect.attestationAddress`, which must then be the same one).
 */
export async function verifyOnChain(
  client: Reader,
  input: unknown,
  expect: VerifyExpectations = {},
): Promise<VerifyResult & { published: PublishedRoot | null }> {
  const first = verifyProof(input, null, expect);
  // Anything wrong with the file itself (or the member / contract) is said before the chain is asked.
  if (!first.ok && first.reason !== 'not_published') return { ...first, published: null };
  const proof = input as ProofFile;
  const chainId = await client.getChainId();
  if (chainId !== proof.chain_id)
    return {
      ok: false,
      reason: 'wrong_chain',
      detail: `the proof is for chain ${proof.chain_id}, the RPC serves chain ${chainId}`,
      published: null,
    };
  const published = await readPublishedRoot(client, proof.attestation_address as Address, proof.snapshot_id);
  return { ...verifyProof(input, published, expect), published };
}
