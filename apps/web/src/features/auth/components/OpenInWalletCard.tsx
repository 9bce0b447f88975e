import { useTranslation } from 'react-i18next';
import { isPhoneBrowser, WALLET_APPS, walletAppLink } from '../open-in-wallet.ts';

/**
 * Without a browser wallet: on a phone, this page opened in a wallet app's own browser (the whole URL goes along:
 * invitation, redirect), with which to choose; on a desktop, how to get a wallet extension. The local wallet stays
 * the other way in, below.
 */
export default function OpenInWalletCard() {
  const { t } = useTranslation();
  if (!isPhoneBrowser())
    return (
      <p className="muted small login-wallet-note" data-testid="login-install-extension">
        {t('login.installExtension')}
      </p>
    );
  const here = window.location.href;
  return (
    <section className="card login-open-in" data-testid="login-open-in" aria-labelledby="login-open-in-title">
      <h3 className="card-title" id="login-open-in-title">
        {t('login.openIn.title')}
      </h3>
      <p className="muted small">{t('login.openIn.hint')}</p>
      <ul className="login-open-in-list">
        {WALLET_APPS.map((app) => (
          <li key={app.id}>
            <a
              className="btn btn-secondary btn-block"
              data-testid={`login-open-${app.id}`}
              href={walletAppLink(app.id, here)}
            >
              {t('login.openIn.button', { wallet: app.name })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
