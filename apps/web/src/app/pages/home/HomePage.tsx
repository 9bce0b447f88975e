import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { LastKnown } from '@web/components/LastKnown.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { HomeEntries } from '@web/features/earn/components/HomeEntries.tsx';
import { FundHomeEntry } from '@web/features/funds/components/FundHomeEntry.tsx';
import { AtAGlance } from '@web/features/portfolio/components/AtAGlance.tsx';
import { MemberFigures } from '@web/features/portfolio/components/MemberFigures.tsx';
import { PortfolioHero } from '@web/features/portfolio/components/PortfolioHero.tsx';
import { RewardsChart } from '@web/features/portfolio/components/RewardsChart.tsx';
import { WalletBalancesCard } from '@web/features/portfolio/components/WalletBalancesCard.tsx';
import { useMe } from '@web/lib/me.ts';
import { useWalletStore } from '@web/stores/wallet.ts';

/**
 * Home (tab 0) as a portfolio: invested and available (GET me) with the way to start when nothing is
 * invested, the wallet's own balances (the chain), rewards over time (profit/series), today and yesterday,
 * then the rest of the spec's figures, compact; entries to simple earn, the launchpad and the exchange.
 */
export default function HomePage() {
  const me = useMe();
  const config = usePublicConfig();
  const storeAddress = useWalletStore((s) => s.address);
  const address = storeAddress ?? me.data?.address;

  return (
    <div className="page">
      <section className="card" data-testid="home-summary">
        <LastKnown query={me} testId="home-last-known" />
        {me.isPending ? (
          <Skeleton rows={3} testId="home-loading" />
        ) : me.isError && !me.data ? (
          <ErrorRetry error={me.error} onRetry={() => void me.refetch()} testId="home-error" />
        ) : (
          me.data && <PortfolioHero me={me.data} />
        )}
      </section>
      {me.data && (
        <>
          <HomeEntries />
          <AtAGlance me={me.data} />
          <RewardsChart />
          <WalletBalancesCard config={config.data} configFailed={config.isError} address={address} />
          <FundHomeEntry config={config.data} />
          <MemberFigures me={me.data} />
        </>
      )}
    </div>
  );
}
