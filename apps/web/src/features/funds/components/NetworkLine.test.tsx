import { render, screen } from '@testing-library/react';
import { applyLanguage, i18n } from '@web/lib/i18n/index.ts';
import { LOCALES } from '@web/lib/i18n/languages.ts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkLine } from './NetworkLine.tsx';

afterEach(async () => {
  await applyLanguage('en');
});

// The spec's English names Binance Smart Chain for fund payments, its other languages Arbitrum: the app says the
// configured network in every language, so no two languages can disagree.
describe('fund payment network line', () => {
  it.each(LOCALES)('names the configured network in %s', async (locale) => {
    await applyLanguage(locale);
    for (const network of ['Arbitrum', 'Some Other Chain']) {
      const { unmount } = render(
        <I18nextProvider i18n={i18n}>
          <NetworkLine network={network} />
        </I18nextProvider>,
      );
      const line = screen.getByTestId('fund-network').textContent ?? '';
      expect(line).toContain(network);
      expect(line).not.toContain('fund.buy.network');
      unmount();
    }
  });
});
