// The local wallet asks for its password here when the login page (or a payment) needs the key.
import { t } from '@web/lib/i18n/index.ts';
import { loadImperativeUi } from '@web/lib/ui.ts';

export async function promptLocalPassword(): Promise<string> {
  const { Modal } = await loadImperativeUi();
  return new Promise((resolve, reject) => {
    let value = '';
    let answered = false;
    Modal.show({
      title: t('localWallet.unlockTitle'),
      content: (
        <input
          type="password"
          className="input"
          data-testid="local-unlock-prompt-password"
          autoComplete="current-password"
          placeholder={t('localWallet.password')}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists only to type this password
          autoFocus
          onChange={(e) => {
            value = e.target.value;
          }}
        />
      ),
      closeOnAction: true,
      actions: [
        {
          key: 'ok',
          text: t('localWallet.unlock'),
          primary: true,
          onClick: () => {
            answered = true;
            resolve(value);
          },
        },
        { key: 'cancel', text: t('common.cancel') },
      ],
      onClose: () => {
        if (!answered) reject(new Error('cancelled'));
      },
    });
  });
}
