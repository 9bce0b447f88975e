import { type AmountInput, levelKey, parseAmount, shortAddress, USDT_DECIMALS } from '@agc/shared';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { openPage, openTab } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '../portfolio.css';

/** Nothing invested yet: an amount that is zero, or not an amount at all. */
export function isNothingInvested(value: AmountInput): boolean {
  try {
    return parseAmount(String(value ?? '0'), USDT_DECIMALS) === 0n;
  } catch {
    return true;
  }
}

export interface HeroFigures {
  address: string;
  level: number;
  investment_sum: AmountInput;
  available_profit: AmountInput;
}

/**
 * The one figure a member opens the app for: what they invested and what they can withdraw now, both USDT,
 * large; who they are (address, level) above it. With nothing invested, the way to start: Buy hash power.
 */
export function PortfolioHero({ me }: { me: HeroFigures }) {
  const { t } = useTranslation();
  const empty = isNothingInvested(me.investment_sum);
  return (
    <>
      <div className="portfolio-identity">
        <span className="visually-hidden">{t('home.address')}</span>
        <span data-testid="home-address" title={me.address}>
          {shortAddress(me.address)}
        </span>
        <span className="visually-hidden">{t('home.level')}</span>
        <span className="portfolio-level" data-testid="home-level">
          {t(`level.${levelKey(me.level)}`)}
        </span>
      </div>
      <dl className="portfolio-hero">
        <div className="portfolio-hero-figure">
          <dt>{t('portfolio.invested')}</dt>
          <dd data-testid="home-investment_sum">{formatUsdt(me.investment_sum)}</dd>
        </div>
        <div className="portfolio-hero-figure">
          <dt>{t('portfolio.available')}</dt>
          <dd data-testid="home-available_profit">{formatUsdt(me.available_profit)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn-link card-link portfolio-assets-link"
        data-testid="home-assets-link"
        onClick={() => openPage(paths.assets)}
      >
        {t('portfolio.allAssets')}
      </button>
      {empty && (
        <div className="portfolio-cta" data-testid="portfolio-cta">
          <p>{t('portfolio.cta.text')}</p>
          <BlockButton variant="primary" testId="portfolio-buy" onClick={() => openTab(paths.shop)}>
            {t('portfolio.cta.buy')}
          </BlockButton>
        </div>
      )}
    </>
  );
}
