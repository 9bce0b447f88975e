import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { useAssets } from '@web/features/assets/api/get-assets.ts';
import { AssetPlaces } from '@web/features/assets/components/AssetPlaces.tsx';
import { AssetsChart } from '@web/features/assets/components/AssetsChart.tsx';
import { AssetsTotal } from '@web/features/assets/components/AssetsTotal.tsx';
import { WalletTokens } from '@web/features/assets/components/WalletTokens.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { useWalletStore } from '@web/stores/wallet.ts';

/**
 * Assets: everything the app owes the member (GET me/assets: the solvency view's parts, by place, each leading to its
 * product), its value in USDT and over 30 days; then the wallet's own tokens, read from the chain and kept apart.
 */
export default function AssetsPage() {
  const assets = useAssets();
  const config = usePublicConfig();
  const address = useWalletStore((s) => s.address);
  if (assets.isPending) return <LoadingState testId="assets-loading" rows={6} />;
  if (assets.isError)
    return <LoadFailed testId="assets-error" error={assets.error} onRetry={() => void assets.refetch()} />;
  return (
    <div className="page" data-testid="assets">
      <AssetsTotal data={assets.data} />
      <AssetPlaces places={assets.data.places} />
      <AssetsChart data={assets.data} />
      <WalletTokens config={config.data} address={address} />
    </div>
  );
}
