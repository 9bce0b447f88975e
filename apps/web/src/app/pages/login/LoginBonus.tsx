import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The invitation bonus, from the public config's rates (never from the translations); `pending` while it loads. */
export default function LoginBonus({ pending }: { pending: ReactNode }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  if (config.isPending) return pending;
  if (!config.data) return null;
  return (
    <p className="login-bonus muted" data-testid="login-bonus">
      {t('invite.bonus', {
        referral: config.data.rates.referral_max,
        pairing: config.data.rates.pairing_max,
        static: config.data.rates.static_max,
      })}
    </p>
  );
}
