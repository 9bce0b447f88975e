import { agcAbi, devAccount, mockUsdtAbi } from '@agc/contracts';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { arbitrum } from 'viem/chains';
import type { E2EEnv } from './env.ts';

/** Gives a wallet gas, 1 000 USDT and 1 000 AGC on the local chain (the deployer owns AGC; USDT mints openly in dev). */
export async function fund(env: E2EEnv, address: Address) {
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  const transport = http(env.rpcUrl);
  const client = createPublicClient({ transport });
  const owner = createWalletClient({ account: devAccount(0), transport, chain: arbitrum });
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [address, `0x${parseEther('1').toString(16)}`] as never,
  });
  const usdt = await owner.writeContract({
    address: config.contracts.usdt,
    abi: mockUsdtAbi,
    functionName: 'mint',
    args: [address, 1000n * 10n ** 6n],
  });
  const agc = await owner.writeContract({
    address: config.contracts.token,
    abi: agcAbi,
    functionName: 'mint',
    args: [address, 1000n * 10n ** 18n],
  });
  for (const hash of [usdt, agc]) await client.waitForTransactionReceipt({ hash });
}
