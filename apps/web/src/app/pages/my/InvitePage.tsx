import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { usePublicConfig } from '../../../features/config/api/get-config.ts';
import { useMe } from '../../../features/me/api/get-me.ts';
import { LOGIN_PATH } from '../../../lib/routeTable.ts';

/** The member's invitation code and links (left and right sector); bonus figures come from /config. */
export default function InvitePage() {
  const { t } = useTranslation();
  const me = useMe();
  const config = usePublicConfig();
  if (!me.data) return <EmptyState description={me.isError ? t('common.loadFailed') : t('common.loading')} />;
  const link = (side: 'left' | 'right') =>
    `${window.location.origin}${LOGIN_PATH}?code=${encodeURIComponent(me.data.invite_code)}&side=${side}`;
  return (
    <div className="page">
      <section className="card">
        <p className="muted">{t('invite.code')}</p>
        <p className="invite-code" data-testid="invite-code">
          {me.data.invite_code}
        </p>
        {config.data && (
          <p className="muted" data-testid="invite-bonus">
            {t('invite.bonus', {
              referral: config.data.rates.referral_max,
              pairing: config.data.rates.pairing_max,
              static: config.data.rates.static_max,
            })}
          </p>
        )}
      </section>
      <section className="card">
        <p className="muted">{t('invite.leftLink')}</p>
        <p className="break" data-testid="invite-link-left">
          {link('left')}
        </p>
        <p className="muted">{t('invite.rightLink')}</p>
        <p className="break" data-testid="invite-link-right">
          {link('right')}
        </p>
      </section>
    </div>
  );
}
