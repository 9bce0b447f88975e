import {
  AGC_DECIMALS,
  type AmountInput,
  formatAmount,
  formatDisplayAmount,
  levelKey,
  type Me,
  parseAmount,
  shortAddress,
} from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { useMe } from '../../../lib/me.ts';
import { openPage } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';

/** left + right, exactly (decimal strings through bigint); null when either is not a plain amount. */
function addAmounts(a: string, b: string): string | null {
  try {
    return formatAmount(parseAmount(a, AGC_DECIMALS) + parseAmount(b, AGC_DECIMALS), AGC_DECIMALS);
  } catch {
    return null;
  }
}

interface Figure {
  /** The me field shown (data-testid `home-<id>`); team_performance is left + right. */
  id: keyof Me | 'team_performance';
  labelKey: string;
  value: (me: Me) => AmountInput;
  currency?: 'AGC';
}

interface SectionLinkProps {
  path: string;
  titleKey: string;
  testId: string;
}

/** The spec's home list, grouped: investment, team performance, rewards; links to hash rate, my team, withdraw. */
const SECTIONS: { titleKey: string; figures: Figure[]; link?: SectionLinkProps }[] = [
  {
    titleKey: 'home.sections.investment',
    link: { path: paths.hashRate, titleKey: 'title.hashRate', testId: 'home-hashrate-link' },
    figures: [
      { id: 'investment_sum', labelKey: 'home.investment', value: (me) => me.investment_sum },
      {
        id: 'remaining_dividends',
        labelKey: 'home.remainingDividends',
        value: (me) => me.remaining_dividends,
      },
    ],
  },
  {
    titleKey: 'home.sections.team',
    link: { path: paths.teamUsers, titleKey: 'title.teamUser', testId: 'home-team-link' },
    figures: [
      {
        id: 'team_performance',
        labelKey: 'home.teamPerformance',
        value: (me) => addAmounts(me.left_team_investment, me.right_team_investment),
      },
      { id: 'left_team_investment', labelKey: 'home.leftSector', value: (me) => me.left_team_investment },
      { id: 'right_team_investment', labelKey: 'home.rightSector', value: (me) => me.right_team_investment },
      { id: 'month_team_invest', labelKey: 'home.thisMonth', value: (me) => me.month_team_invest },
    ],
  },
  {
    titleKey: 'home.sections.rewards',
    link: { path: paths.withdrawal, titleKey: 'title.withdrawal', testId: 'home-withdraw-link' },
    figures: [
      { id: 'profit_sum', labelKey: 'home.totalRewards', value: (me) => me.profit_sum },
      { id: 'locked_profit', labelKey: 'home.locked', value: (me) => me.locked_profit },
      { id: 'available_profit', labelKey: 'home.available', value: (me) => me.available_profit },
      { id: 'yesterday_profit', labelKey: 'home.yesterday', value: (me) => me.yesterday_profit },
      {
        id: 'yesterday_profit_amc',
        labelKey: 'home.yesterdayAgc',
        value: (me) => me.yesterday_profit_amc,
        currency: 'AGC',
      },
      { id: 'today_profit', labelKey: 'home.today', value: (me) => me.today_profit },
      {
        id: 'today_profit_amc',
        labelKey: 'home.todayAgc',
        value: (me) => me.today_profit_amc,
        currency: 'AGC',
      },
    ],
  },
];

/** A card head's link to the page behind a section (hash rate, my team). */
function SectionLink({ path, titleKey, testId }: SectionLinkProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn-link card-link" data-testid={testId} onClick={() => openPage(path)}>
      {t(titleKey)} ›
    </button>
  );
}

/** Home (tab 0): the member's figures from GET me. */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();

  return (
    <div className="page">
      <section className="card" data-testid="home-summary">
        {me.isPending ? (
          <p className="muted" data-testid="home-loading">
            {t('common.loading')}
          </p>
        ) : me.isError ? (
          <div data-testid="home-error">
            <p className="error-text">{errorText(me.error, t)}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void me.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <dl className="rows">
            <div className="row">
              <dt>{t('home.address')}</dt>
              <dd data-testid="home-address" title={me.data.address}>
                {shortAddress(me.data.address)}
              </dd>
            </div>
            <div className="row">
              <dt>{t('home.level')}</dt>
              <dd data-testid="home-level">{t(`level.${levelKey(me.data.level)}`)}</dd>
            </div>
          </dl>
        )}
      </section>
      {me.data &&
        SECTIONS.map((section) => (
          <section className="card" key={section.titleKey}>
            <div className="card-head">
              <h3 className="card-title">{t(section.titleKey)}</h3>
              {section.link && <SectionLink {...section.link} />}
            </div>
            <dl className="rows">
              {section.figures.map((figure) => (
                <div className="row" key={figure.id}>
                  <dt>{t(figure.labelKey)}</dt>
                  <dd data-testid={`home-${figure.id}`}>
                    {formatDisplayAmount(
                      figure.value(me.data),
                      figure.currency ? { currency: figure.currency } : undefined,
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
    </div>
  );
}
