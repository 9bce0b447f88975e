// `npm run contracts:deploy -- --rpc-url … --owner 0x… --guardian 0x… --signer 0x… --quote-signer 0x…
//   --attester 0x… --usdt 0x… …`
// Deploys AGC, Vault, Transfer and LiabilityAttestation (and a MockUSDT on the local chain only) with the roles
// given as addresses, hands ownership to --owner, writes the deployment file the server reads (DEPLOYMENT_FILE) and
// prints the verification data. The deployer's key comes from DEPLOYER_PRIVATE_KEY (never an argument: arguments show
// in `ps` and in shell history). Off the local chain (a node that is not anvil) it refuses any key of the development
// mnemonic, a mock USDT, missing vault limits, and a chain id other than --chain-id (src/deploy-plan.ts). Exit status
// 2 for a refusal, 1 for a failure.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEPLOY_USAGE, planDeploy, Refusal } from '../src/deploy-plan.ts';
import { writeDeployment } from '../src/deployment-file.ts';
import { deployRelease, verifyInput } from '../src/release.ts';

async function main() {
  const { rpcUrl, deployer, roles, treasury, usdt, limits, changeDelay, out, node } = await planDeploy(
    process.argv.slice(2),
    process.env,
  );
  console.log(`deploying to ${node.client}, chain ${node.chainId}, from ${deployer.address}`);
  const { file, handover } = await deployRelease({
    rpcUrl,
    deployer,
    ...roles,
    treasury,
    usdt,
    limits,
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
  if (e instanceof Refusal) console.error(DEPLOY_USAGE);
  process.exit(e instanceof Refusal ? 2 : 1);
});
