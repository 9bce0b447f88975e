import { keccak256 } from 'viem';
import { LEAF_BYTES, LEAF_TAG, NODE_BYTES, NODE_TAG, type SumNode } from './format.ts';

/**
 * The two hashes of the format, packed by hand (abi.encodePacked of fixed-size types is their big-endian bytes
 * back to back, no padding, no length): a verifier written from the format alone computes the same bytes.
 */

const TWO_64 = 2n ** 64n;
const UINT256_BOUND = 2n ** 256n;

/** Writes `value` (0 ≤ value < 2^256) as 32 big-endian bytes at `offset`. */
export function writeUint256(view: DataView, offset: number, value: bigint): void {
  if (value < 0n || value >= UINT256_BOUND) throw new RangeError(`not a uint256: ${value}`);
  let v = value;
  for (let word = 3; word >= 0; word--) {
    view.setBigUint64(offset + word * 8, v % TWO_64);
    v /= TWO_64;
  }
}

/** Reads 32 big-endian bytes at `offset` as a uint256. */
export function readUint256(view: DataView, offset: number): bigint {
  let v = 0n;
  for (let word = 0; word < 4; word++) v = v * TWO_64 + view.getBigUint64(offset + word * 8);
  return v;
}

function bytesOf(length: number, what: string, bytes: Uint8Array): Uint8Array {
  if (bytes.length !== length) throw new RangeError(`${what} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

/** A hasher with its own buffers: the tree builder hashes millions of leaves and nodes through one of these. */
export class SumHasher {
  private readonly leafBuf = new Uint8Array(LEAF_BYTES);
  private readonly leafView = new DataView(this.leafBuf.buffer);
  private readonly nodeBuf = new Uint8Array(NODE_BYTES);
  private readonly nodeView = new DataView(this.nodeBuf.buffer);

  /** keccak256(uint8(0) ‖ salt ‖ member ‖ uint256 usdt ‖ uint256 agc). */
  leaf(salt: Uint8Array, member: Uint8Array, usdt: bigint, agc: bigint): Uint8Array {
    this.leafBuf[0] = LEAF_TAG;
    this.leafBuf.set(bytesOf(32, 'salt', salt), 1);
    this.leafBuf.set(bytesOf(20, 'member', member), 33);
    writeUint256(this.leafView, 53, usdt);
    writeUint256(this.leafView, 85, agc);
    return keccak256(this.leafBuf, 'bytes');
  }

  /** keccak256(uint8(1) ‖ left.hash ‖ left.usdt ‖ left.agc ‖ right.hash ‖ right.usdt ‖ right.agc). */
  nodeHash(left: SumNode, right: SumNode): Uint8Array {
    this.nodeBuf[0] = NODE_TAG;
    this.nodeBuf.set(bytesOf(32, 'left hash', left.hash), 1);
    writeUint256(this.nodeView, 33, left.usdt);
    writeUint256(this.nodeView, 65, left.agc);
    this.nodeBuf.set(bytesOf(32, 'right hash', right.hash), 97);
    writeUint256(this.nodeView, 129, right.usdt);
    writeUint256(this.nodeView, 161, right.agc);
    return keccak256(this.nodeBuf, 'bytes');
  }

  /** The parent of two nodes: the node hash, and the sums added. */
  node(left: SumNode, right: SumNode): SumNode {
    return { hash: this.nodeHash(left, right), usdt: left.usdt + right.usdt, agc: left.agc + right.agc };
  }
}
