import type { AmountInput } from '@agc/shared';
import { formatAgc, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import '../portfolio.css';

export interface GlanceFigures {
  today_profit: AmountInput;
  today_profit_amc: AmountInput;
  yesterday_profit: AmountInput;
  yesterday_profit_amc: AmountInput;
}

/** Today's and yesterday's rewards side by side: the USDT credited, and the AGC share under it. */
export function AtAGlance({ me }: { me: GlanceFigures }) {
  const { t } = useTranslation();
  const days = [
    {
      id: 'yesterday',
      label: t('portfolio.glance.yesterday'),
      usdt: me.yesterday_profit,
      agc: me.yesterday_profit_amc,
    },
    { id: 'today', label: t('portfolio.glance.today'), usdt: me.today_profit, agc: me.today_profit_amc },
  ] as const;
  return (
    <section className="card" data-testid="portfolio-glance" aria-labelledby="portfolio-glance-title">
      <h3 className="card-title" id="portfolio-glance-title">
        {t('portfolio.glance.title')}
      </h3>
      <dl className="portfolio-glance">
        {days.map((d) => (
          <div key={d.id} className="portfolio-glance-day">
            <dt>{d.label}</dt>
            <dd>
              <span className="portfolio-glance-usdt" data-testid={`home-${d.id}_profit`}>
                {formatUsdt(d.usdt)}
              </span>
              <span className="portfolio-glance-agc" data-testid={`home-${d.id}_profit_amc`}>
                {formatAgc(d.agc)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
