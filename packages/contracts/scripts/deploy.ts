// `npm run contracts:deploy -- --rpc-url … --owner 0x… --guardian 0x… --signer 0x… --quote-signer 0x…
//   --attester 0x… --usdt 0x… …`
// Deploys AGC, Vault, Transfer and LiabilityAttestation (and a MockUSDT on the local chain only) with the roles
// given as addresses, hands ownership to --owner, writes the deployment file the server reads (DEPLOYMENT_FILE) and
// prints the verification data. The deployer's key comes from DEPLOYER_PRIVATE_KEY (never an argument: arguments show in `ps` and in shell
// history). Off the local chain (a node that is not anvil) it refuses any key of the development mnemonic, a mock
// USDT, missing vault limits, and a chain id other than --chain-id. Exit status 2 for a refusal, 1 for a failure.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Address, getAddress, isAddress, parseUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEFAULT_CHANGE_DELAY, DEV_VAULT_LIMITS, type TokenLimits } from '../src/deploy.ts';
import { writeDeployment } from '../src/deployment-file.ts';
import { deployRelease, developmentKeys, nodeOf, verifyInput } from '../src/release.ts';

const USAGE = `usage: DEPLOYER_PRIVATE_KEY=0x… npm run contracts:deploy -- \\
  --rpc-url URL --chain-id N --owner 0x… --guardian 0x… --signer 0x… --quote-signer 0x… --attester 0x… \\
  --usdt 0x…|mock \\
  [--treasury 0x…] [--change-delay SECONDS] --out FILE \\
  --usdt-max-per-voucher N --usdt-daily-cap N --agc-max-per-voucher N --agc-daily-cap N   (whole tokens)`;

class Refusal extends Error {}

const { values } = parseArgs({
  options: {
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
  },
  strict: true,
});

function address(name: string, required = true): Address | undefined {
  const v = values[name as keyof typeof values];
  if (v === undefined) {
    if (required) throw new Refusal(`--${name} is required`);
    return undefined;
  }
  if (!isAddress(v, { strict: false }))
    throw new Refusal(`--${name} must be a 0x-prefixed 20-byte address (got ${v})`);
  return getAddress(v.toLowerCase());
}

function limits(local: boolean): { usdt: TokenLimits; agc: TokenLimits } {
  const given = ['usdt-max-per-voucher', 'usdt-daily-cap', 'agc-max-per-voucher', 'agc-daily-cap'].filter(
    (k) => values[k as keyof typeof values] !== undefined,
  );
  if (given.length === 0) {
    if (local) return DEV_VAULT_LIMITS;
    throw new Refusal(
      'the vault limits (--usdt-max-per-voucher, --usdt-daily-cap, --agc-…) are required off the local chain',
    );
  }
  if (given.length < 4) throw new Refusal('give all four vault limits or none');
  const units = (name: string, decimals: number) => {
    const v = String(values[name as keyof typeof values]);
    if (!/^\d+(\.\d+)?$/.test(v)) throw new Refusal(`--${name} must be a number of whole tokens (got ${v})`);
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

async function main() {
  const rpcUrl = values['rpc-url'];
  if (!rpcUrl) throw new Refusal('--rpc-url is required');
  const key = process.env.DEPLOYER_PRIVATE_KEY;
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Refusal("DEPLOYER_PRIVATE_KEY must be set to the deploying account's 0x-prefixed private key");
  const deployer = privateKeyToAccount(key as `0x${string}`);
  const roles = {
    owner: address('owner') as Address,
    guardian: address('guardian') as Address,
    signer: address('signer') as Address,
    quoteSigner: address('quote-signer') as Address,
    attester: address('attester') as Address,
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

  const usdt = usdtArg === 'mock' ? 'mock' : address('usdt');
  const changeDelay =
    values['change-delay'] === undefined ? DEFAULT_CHANGE_DELAY : BigInt(values['change-delay']);
  console.log(`deploying to ${node.client}, chain ${node.chainId}, from ${deployer.address}`);
  const { file, handover } = await deployRelease({
    rpcUrl,
    deployer,
    ...roles,
    treasury,
    usdt: usdt as Address | 'mock',
    limits: limits(node.local),
    changeDelay,
  });
  const path = resolve(out);
  writeDeployment(path, file);
  const inputPath = `${path.replace(/\.json$/, '')}.standard-input.json`;
  writeFileSync(inputPath, `${JSON.stringify(verifyInput().standardInput, null, 2)}\n`);

  const v = file.verification as ReturnType<typeof import('../src/release.ts').verificationData>;
  console.log(`\ndeployment file: ${path}`);
  console.log(
    `  AGC ${file.agc}\n  USDT ${file.usdt}\n  Vault ${file.vault}\n  Transfer ${file.transfer}\n  LiabilityAttestation ${file.attestation}`,
  );
  console.log(`  first block ${file.blockNumber} (TRANSFER_START_BLOCK)`);
  console.log('\nverification (Solidity, standard JSON input):');
  console.log(
    `  compiler ${v.compilerVersion}, optimizer ${JSON.stringify(v.optimizer)}, EVM ${v.evmVersion}, licence ${v.license}`,
  );
  console.log(`  standard JSON input: ${inputPath}`);
  for (const c of v.contracts)
    console.log(
      `  ${c.name} at ${c.address}\n    constructor arguments (ABI-encoded): ${c.constructorArguments || '(none)'}`,
    );
  console.log('\nnext:');
  if (handover.length > 0)
    console.log(
      `  - the owner ${roles.owner} calls acceptOwnership() on the Vault, the Transfer and the LiabilityAttestation (AGC is already theirs)`,
    );
  console.log(
    `  - send the voucher signer ${roles.signer} a little ETH (it sends the vault's cancel of a revoked voucher)`,
  );
  console.log(
    `  - send the attester ${roles.attester} a little ETH (it publishes every proof-of-liabilities root)`,
  );
  console.log(
    `  - fund the Vault with USDT and AGC; start the server with CHAIN_RPC_URL and DEPLOYMENT_FILE=${path}`,
  );
}

main().catch((e) => {
  console.error(e instanceof Refusal ? e.message : e);
  if (e instanceof Refusal) console.error(USAGE);
  process.exit(e instanceof Refusal ? 2 : 1);
});
