// `npm run price:move -- 0.6` — the demo's market move: a real swap on the local chain's Uniswap v3 AGC/USDT pool that
// takes its price to 0.6 USDT per AGC (the local market maker, dev account 13, is given the tokens by the contracts'
// owner first). The spot price moves at once; the server's price, a TWAP over PRICE_TWAP_SECONDS, follows as time
// passes (GET /api/v1/token/price2 shows both). Local chain only: it reads DATA_DIR/chain/deployment.json (DATA_DIR
// defaults to data) and the anvil `npm start` runs (--rpc-url, default http://127.0.0.1:8545).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatUnits, parseUnits } from 'viem';
import { readDeployment } from '../src/deployment-file.ts';
import { moveLocalPrice } from '../src/market.ts';
import { nodeOf } from '../src/release.ts';

const USAGE = 'usage: npm run price:move -- PRICE_USDT [--rpc-url URL] [--data-dir DIR]   (e.g. 0.6)';

const { values, positionals } = parseArgs({
  options: { 'rpc-url': { type: 'string' }, 'data-dir': { type: 'string' } },
  allowPositionals: true,
  strict: true,
});

async function main(): Promise<void> {
  const [price] = positionals;
  if (!price || !/^\d{1,12}(\.\d{1,6})?$/.test(price) || !/[1-9]/.test(price)) throw new Error(USAGE);
  const rpcUrl = values['rpc-url'] ?? 'http://127.0.0.1:8545';
  const file = join(
    resolve(values['data-dir'] ?? process.env.DATA_DIR ?? 'data'),
    'chain',
    'deployment.json',
  );
  if (!existsSync(file)) throw new Error(`${file} does not exist: start the app first (npm start)`);
  const deployment = readDeployment(file);
  if (!deployment.market) throw new Error(`${file} has no market: restart the app (npm start) to deploy it`);
  if (!(await nodeOf(rpcUrl)).local) throw new Error(`${rpcUrl} is not the local chain (anvil): refusing`);
  const swap = await moveLocalPrice({
    rpcUrl,
    deployment: { ...deployment, market: deployment.market },
    usdtPerAgc: parseUnits(price, 6),
  });
  const decimals = (token: 'AGC' | 'USDT') => (token === 'AGC' ? 18 : 6);
  console.log(
    [
      `pool ${deployment.market.pool}: spot ${formatUnits(swap.spotBefore, 6)} → ${price} USDT per AGC`,
      `swap ${swap.hash} in block ${swap.block}: paid ${formatUnits(swap.paid.amount, decimals(swap.paid.token))} ${swap.paid.token}, received ${formatUnits(swap.received.amount, decimals(swap.received.token))} ${swap.received.token}`,
      'the price in use (the TWAP) follows over PRICE_TWAP_SECONDS: GET /api/v1/token/price2 shows it beside the spot',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
