import { PageLink } from '@web/components/PageLink.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { OpenInWallet } from '@web/features/auth/components/OpenInWallet.tsx';
import { useWalletLogin } from '@web/features/auth/hooks/use-wallet-login.ts';
import { readInvite } from '@web/features/auth/invite.ts';
import { afterLoginTarget } from '@web/features/auth/redirect.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadQueryClient, useLoadedQueryClient } from '../../query.ts';
import './login.css';

/**
 * Sign in with a browser wallet (SIWE). A new address registers with the invite of the URL; afterwards the app
 * goes to the page that was asked for (`?redirect=`, checked) or home. The local wallet's link keeps the query.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const invite = useMemo(() => readInvite(search), [search]);
  // The query cache is not in the app's first files: the page paints without it, the bonus line once it is there.
  const queries = useLoadedQueryClient(true);
  const { step, error, noWallet, connect } = useWalletLogin({
    invite,
    loadConfig,
    target: afterLoginTarget(search),
  });

  const localWalletUrl = withQuery(paths.localWallet, search);

  return (
    <div className="page login">
      <section className="login-hero">
        <div className="login-logo" aria-hidden="true">
          AGC
        </div>
        <h2>{t('app.title')}</h2>
        <p className="muted">{t('login.subtitle')}</p>
      </section>

      {invite.code && (
        <section className="card" data-testid="login-invite">
          <p>{t('login.inviteCode', { code: invite.code })}</p>
          {invite.side && (
            <p className="muted">{t('login.inviteSide', { side: t(`login.side.${invite.side}`) })}</p>
          )}
        </section>
      )}

      <Suspense fallback={bonusSkeleton}>
        {queries ? <LoginBonus pending={bonusSkeleton} /> : bonusSkeleton}
      </Suspense>

      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="login-connect"
        disabled={step !== null}
        aria-busy={step !== null}
        onClick={() => void connect()}
      >
        {step ? t(`login.steps.${step}`) : t('login.connect')}
      </button>

      {error && (
        <p className="error-text" role="alert" data-testid="login-error">
          {error}
        </p>
      )}

      {noWallet && (
        <section className="card notice" role="alert" data-testid="login-no-wallet">
          <p>{t('wallet.errors.notFound')}</p>
          <p className="muted">{t('login.noWalletHint')}</p>
        </section>
      )}

      <PageLink to={localWalletUrl} className="btn btn-link btn-block" testId="login-local-wallet">
        {t('login.useLocalWallet')}
      </PageLink>
      <PageLink to={paths.porPublic} className="btn btn-link btn-block" testId="login-por">
        {t('login.porLink')}
      </PageLink>

      {/* Last on the page: it appears once wallet discovery has had its moment, and moves nothing above it. */}
      <OpenInWallet shown={noWallet} />
    </div>
  );
}

const bonusSkeleton = <Skeleton rows={2} className="login-bonus-skeleton" testId="login-bonus-loading" />;

/** The invitation bonus line, with the query that reads the public config (not in the app's first files). */
const LoginBonus = lazy(() => import('./LoginBonus.tsx'));

/** The public config for signing in: the query's answer (asked once, kept), loaded with the query cache. */
async function loadConfig() {
  const [{ configQueryOptions }, client] = await Promise.all([
    import('@web/features/config/api/get-config.ts'),
    loadQueryClient(),
  ]);
  return client.fetchQuery(configQueryOptions);
}
