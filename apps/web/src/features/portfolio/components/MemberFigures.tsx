import type { AmountInput, Me } from '@agc/shared';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { addAmounts } from '../model/sum.ts';
import '../portfolio.css';

interface Figure {
  /** The me field shown (data-testid `home-<id>`); team_performance is left + right. */
  id: keyof Me | 'team_performance';
  labelKey: string;
  value: (me: Me) => AmountInput;
  /** USDT unless it says AGC. */
  asset?: 'AGC';
}

interface Section {
  titleKey: string;
  figures: Figure[];
  link: { path: string; titleKey: string; testId: string };
}

/**
 * The rest of the spec's home list, compact (invested, available, today and yesterday are above): the
 * investment's remaining dividends, the team performance, the rewards' total and locked part, the launchpad's
 * locked AGC; each group links to the page behind it (hash rate, my team, withdraw, my launchpad purchases).
 */
const SECTIONS: Section[] = [
  {
    titleKey: 'home.sections.investment',
    link: { path: paths.hashRate, titleKey: 'title.hashRate', testId: 'home-hashrate-link' },
    figures: [
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
      { id: 'month_team_invest', labelKey: 'home.thisMonth', value: (me) => me.month_team_invest },
      { id: 'left_team_investment', labelKey: 'home.leftSector', value: (me) => me.left_team_investment },
      { id: 'right_team_investment', labelKey: 'home.rightSector', value: (me) => me.right_team_investment },
    ],
  },
  {
    titleKey: 'home.sections.rewards',
    link: { path: paths.withdrawal, titleKey: 'title.withdrawal', testId: 'home-withdraw-link' },
    figures: [
      { id: 'profit_sum', labelKey: 'home.totalRewards', value: (me) => me.profit_sum },
      { id: 'locked_profit', labelKey: 'home.locked', value: (me) => me.locked_profit },
    ],
  },
  {
    // The AGC bought on the launchpad, locked until the round's release (shown on home and in simple earn).
    titleKey: 'home.sections.launchpad',
    link: { path: paths.launchpadMine, titleKey: 'title.launchpadMine', testId: 'home-launchpad-link' },
    figures: [
      {
        id: 'launchpad_locked_agc',
        labelKey: 'home.lockedAgc',
        value: (me) => me.launchpad_locked_agc,
        asset: 'AGC',
      },
    ],
  },
];

export function MemberFigures({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="portfolio-figures">
      {SECTIONS.map((section) => (
        <div className="portfolio-section" key={section.titleKey}>
          <div className="card-head">
            <h3 className="card-title">{t(section.titleKey)}</h3>
            <button
              type="button"
              className="btn-link card-link"
              data-testid={section.link.testId}
              onClick={() => openPage(section.link.path)}
            >
              {t(section.link.titleKey)} ›
            </button>
          </div>
          <dl className="portfolio-figures">
            {section.figures.map((figure) => (
              <div key={figure.id}>
                <dt>{t(figure.labelKey)}</dt>
                <dd data-testid={`home-${figure.id}`}>
                  {(figure.asset === 'AGC' ? formatAgc : formatUsdt)(figure.value(me))}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
