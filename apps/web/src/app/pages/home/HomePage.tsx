import { ErrorRetry } from '../../../components/ErrorRetry.tsx';
import { LastKnown } from '../../../components/LastKnown.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { usePublicConfig } from '../../../features/config/api/get-config.ts';
import { HomeEntries } from '../../../features/earn/components/HomeEntries.tsx';
import { FundHomeEntry } from '../../../features/funds/components/FundHomeEntry.tsx';
import { AtAGlance } from '../../../features/portfolio/components/AtAGlance.tsx';
import { MemberFigures } from '../../../features/portfolio/components/MemberFigures.tsx';
import { PortfolioHero } from '../../../features/portfolio/components/PortfolioHero.tsx';
import { RewardsChart } from '../../../features/portfolio/components/RewardsChart.tsx';
import { WalletBalancesCard } from '../../../features/portfolio/components/WalletBalancesCard.tsx';
import { useMe } from '../../../lib/me.ts';
import { useWalletStore } from '../../../stores/wallet.ts';

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
