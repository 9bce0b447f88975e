// What `npm run contracts:deploy` is asked to do, read from its arguments and environment and checked against the node
// it talks to: every refusal (a missing role, a development key or a mock USDT off the local chain, a wrong chain id,
// a server key that also owns or guards) happens here, before anything is sent. scripts/deploy.ts runs the plan.
import { parseArgs } from 'node:util';
import { type Address, getAddress, isAddress, parseUnits } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_CHANGE_DELAY, DEV_VAULT_LIMITS, type TokenLimits } from './deploy.ts';
import { developmentKeys, nodeOf } from './release.ts';

export const DEPLOY_USAGE = `usage: DEPLOYER_PRIVATE_KEY=0x… npm run contracts:deploy -- \\
  --rpc-url URL --chain-id N --owner 0x… --guardian 0x… --signer 0x… --quote-signer 0x… --attester 0x… \\
  --usdt 0x…|mock \\
  [--treasury 0x…] [--change-delay SECONDS] --out FILE \\
  --usdt-max-per-voucher N --usdt-daily-cap N --agc-max-per-voucher N --agc-daily-cap N   (whole tokens)`;

/** A deployment refused before anything was sent (the CLI exits 2 with the usage). */
export class Refusal extends Error {}

export interface DeployPlan {
  rpcUrl: string;
  deployer: PrivateKeyAccount;
  roles: { owner: Address; guardian: Address; signer: Address; quoteSigner: Address; attester: Address };
  treasury: Address | undefined;
  usdt: Address | 'mock';
  limits: { usdt: TokenLimits; agc: TokenLimits };
  changeDelay: bigint;
  out: string;
  node: Awaited<ReturnType<typeof nodeOf>>;
}

const OPTIONS = {
  'rpc-url': { type: 'string' },
  'chain-id': { type: 'string' },
  owner: { type: 'string' },
  guardian: { type: 'string' },
  signer: { type: 'string' },
  'quote-signer': { type: 'string' },
  attester: { type: 'string' },
  treasury: { type: 'string' },
  usdt: { type: 'string' },
  'change-delay': { type: 'string' },
  out: { type: 'string' },
  'usdt-max-per-voucher': { type: 'string' },
  'usdt-daily-cap': { type: 'string' },
  'agc-max-per-voucher': { type: 'string' },
  'agc-daily-cap': { type: 'string' },
} as const;

/** Reads the arguments (`process.argv.slice(2)`) and DEPLOYER_PRIVATE_KEY; throws a Refusal on anything wrong. */
export async function planDeploy(
  args: string[],
  env: { DEPLOYER_PRIVATE_KEY?: string | undefined },
): Promise<DeployPlan> {
  let values: Partial<Record<keyof typeof OPTIONS, string>>;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true }));
  } catch (e) {
    throw new Refusal((e as Error).message);
  }

  function address(name: keyof typeof OPTIONS, required = true): Address | undefined {
    const v = values[name];
    if (v === undefined) {
      if (required) throw new Refusal(`--${name} is required`);
      return undefined;
    }
    if (!isAddress(v, { strict: false }))
      throw new Refusal(`--${name} must be a 0x-prefixed 20-byte address (got ${v})`);
    return getAddress(v.toLowerCase());
  }
  const required = (name: keyof typeof OPTIONS) => address(name) as Address;

  function limits(local: boolean): { usdt: TokenLimits; agc: TokenLimits } {
    const names = ['usdt-max-per-voucher', 'usdt-daily-cap', 'agc-max-per-voucher', 'agc-daily-cap'] as const;
    const given = names.filter((k) => values[k] !== undefined);
    if (given.length === 0) {
      if (local) return DEV_VAULT_LIMITS;
      throw new Refusal(
        'the vault limits (--usdt-max-per-voucher, --usdt-daily-cap, --agc-…) are required off the local chain',
      );
    }
    if (given.length < 4) throw new Refusal('give all four vault limits or none');
    const units = (name: (typeof names)[number], decimals: number) => {
      const v = String(values[name]);
      if (!/^\d+(\.\d+)?$/.test(v))
        throw new Refusal(`--${name} must be a number of whole tokens (got ${v})`);
      return parseUnits(v, decimals);
    };
    const pair = (token: 'usdt' | 'agc', decimals: number): TokenLimits => {
      const maxPerVoucher = units(`${token}-max-per-voucher`, decimals);
      const dailyCap = units(`${token}-daily-cap`, decimals);
      if (maxPerVoucher > dailyCap)
        throw new Refusal(`--${token}-max-per-voucher is above --${token}-daily-cap`);
      return { maxPerVoucher, dailyCap };
    };
    return { usdt: pair('usdt', 6), agc: pair('agc', 18) };
  }

  const rpcUrl = values['rpc-url'];
  if (!rpcUrl) throw new Refusal('--rpc-url is required');
  const key = env.DEPLOYER_PRIVATE_KEY;
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Refusal("DEPLOYER_PRIVATE_KEY must be set to the deploying account's 0x-prefixed private key");
  const deployer = privateKeyToAccount(key as `0x${string}`);
  const roles = {
    owner: required('owner'),
    guardian: required('guardian'),
    signer: required('signer'),
    quoteSigner: required('quote-signer'),
    attester: required('attester'),
  };
  const treasury = address('treasury', false);
  const usdtArg = values.usdt;
  if (!usdtArg)
    throw new Refusal("--usdt is required: the network's USDT address, or mock on the local chain");
  const out = values.out;
  if (!out) throw new Refusal('--out is required: where to write the deployment file');

  const node = await nodeOf(rpcUrl);
  const problems: string[] = [];
  if (!node.local) {
    problems.push(
      ...developmentKeys({ deployer: deployer.address, ...roles, ...(treasury && { treasury }) }),
    );
    if (usdtArg === 'mock')
      problems.push('--usdt mock deploys a token anyone can mint: the local chain only');
    if (values['chain-id'] === undefined)
      problems.push(`--chain-id is required off the local chain (the RPC says ${node.chainId})`);
  }
  if (values['chain-id'] !== undefined && Number(values['chain-id']) !== node.chainId)
    problems.push(`the RPC is chain ${node.chainId}, --chain-id says ${values['chain-id']}`);
  // A hot key (the server's) must never own or guard: a leak would then reach everything.
  for (const hot of ['signer', 'quoteSigner', 'attester'] as const)
    for (const cold of ['owner', 'guardian'] as const)
      if (roles[hot] === roles[cold])
        problems.push(`the ${hot} must not also be the ${cold} (a server key is online)`);
  if (problems.length > 0)
    throw new Refusal(
      `Refusing to deploy to ${node.client} (chain ${node.chainId}):\n  ${problems.join('\n  ')}`,
    );

  const changeDelay = values['change-delay'];
  if (changeDelay !== undefined && !/^\d+$/.test(changeDelay))
    throw new Refusal(`--change-delay must be a whole number of seconds (got ${changeDelay})`);
  return {
    rpcUrl,
    deployer,
    roles,
    treasury,
    usdt: usdtArg === 'mock' ? 'mock' : required('usdt'),
    limits: limits(node.local),
    changeDelay: changeDelay === undefined ? DEFAULT_CHANGE_DELAY : BigInt(changeDelay),
    out,
    node,
  };
}
