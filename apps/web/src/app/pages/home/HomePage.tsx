import { formatDisplayAmount, levelKey, shortAddress } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useMe } from '../../../features/me/api/get-me.ts';
import { errorText } from '../../../lib/errors.ts';

/** Home (tab 0). For now: the member's address and level; the dashboard arrives with its issue. */
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
            <div className="row">
              <dt>{t('home.investment')}</dt>
              <dd>{formatDisplayAmount(me.data.investment_sum)}</dd>
            </div>
            <div className="row">
              <dt>{t('home.available')}</dt>
              <dd>{formatDisplayAmount(me.data.available_profit)}</dd>
            </div>
          </dl>
        )}
      </section>
      <EmptyState />
    </div>
  );
}
