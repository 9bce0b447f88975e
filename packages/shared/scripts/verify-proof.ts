// `npm run verify-proof -- proof.json --rpc URL [--member 0x…] [--attestation 0x…]`
//
// Verifies a proof-of-liabilities proof file (docs/proof-of-liabilities.md) against the chain, with nothing of the
// platform's server: the path is recomputed here (packages/shared/src/proof, hand-packed keccak256) and the root
// read from the attestation contract through the RPC given. --member: the address the leaf must be (yours);
// --attestation: the contract you trust (the platform's announced address), which the file must name.
// Exit status: 0 verified, 1 not verified (the reason is printed), 2 a usage or file error, 3 the chain could not be
// read.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createPublicClient, formatUnits, http } from 'viem';
import { computeRoot, type PublishedRoot, verifyOnChain } from '../src/proof/index.ts';

const USAGE =
  'usage: npm run verify-proof -- proof.json --rpc URL [--member 0xYOUR_ADDRESS] [--attestation 0xCONTRACT]';

class Usage extends Error {}

function args() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        rpc: { type: 'string' },
        member: { type: 'string' },
        attestation: { type: 'string' },
      },
    });
    const [file, ...rest] = positionals;
    if (!file || rest.length > 0) throw new Usage('give one proof file');
    if (!values.rpc) throw new Usage('--rpc URL is required (a node of the chain the proof names)');
    for (const key of ['member', 'attestation'] as const) {
      const v = values[key];
      if (v !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(v))
        throw new Usage(`--${key} must be a 0x-prefixed address`);
    }
    return { file, rpc: values.rpc, member: values.member, attestation: values.attestation };
  } catch (e) {
    throw e instanceof Usage ? e : new Usage((e as Error).message);
  }
}

const usdt = (v: bigint | string) => `${formatUnits(BigInt(v), 6)} USDT`;
const agc = (v: bigint | string) => `${formatUnits(BigInt(v), 18)} AGC`;

function describePublished(p: PublishedRoot | null, id: number) {
  if (!p) return `snapshots(${id}) holds nothing: no root published for this snapshot`;
  return [
    `root ${p.rootHash}`,
    `totals ${usdt(p.totalUsdt)}, ${agc(p.totalAgc)}`,
    `reserves read at block ${p.reservesBlock}`,
    `published ${new Date(Number(p.publishedAt) * 1000).toISOString()}`,
  ].join('; ');
}

async function main(): Promise<number> {
  const a = args();
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(a.file, 'utf8'));
  } catch (e) {
    throw new Usage(`cannot read ${a.file} as JSON: ${(e as Error).message}`);
  }
  const path = computeRoot(input);
  if (path.ok) {
    const p = path.proof;
    console.log(
      `proof: snapshot ${p.snapshot_id} on chain ${p.chain_id}, attestation contract ${p.attestation_address}`,
    );
    console.log(`leaf: member ${p.member}, index ${p.index}, ${usdt(p.usdt)}, ${agc(p.agc)}`);
    console.log(
      `path: ${p.siblings.length} levels → root 0x${Buffer.from(path.root.hash).toString('hex')} (${usdt(path.root.usdt)}, ${agc(path.root.agc)})`,
    );
  }
  const client = createPublicClient({ transport: http(a.rpc, { retryCount: 1, timeout: 15_000 }) });
  let result: Awaited<ReturnType<typeof verifyOnChain>>;
  try {
    result = await verifyOnChain(client, input, { member: a.member, attestationAddress: a.attestation });
  } catch (e) {
    console.error(`the chain could not be read through ${a.rpc}: ${(e as Error).message.split('\n')[0]}`);
    return 3;
  }
  if (path.ok && (result.ok || result.reason === 'root_mismatch' || result.reason === 'totals_mismatch'))
    console.log(`chain: ${describePublished(result.published, path.proof.snapshot_id)}`);
  if (result.ok) {
    console.log(
      `VERIFIED: the leaf is in the tree whose root the contract published for snapshot ${result.proof.snapshot_id}.`,
    );
    return 0;
  }
  console.log(`NOT VERIFIED (${result.reason}): ${result.detail}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Usage ? `${e.message}\n${USAGE}` : e);
    process.exit(2);
  },
);
