import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeSummary } from '@web/features/earn/testing/fixtures.ts';
import { makeInfo } from '@web/features/exchange/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import EarnTransferInPage from './pages/earn/EarnTransferInPage.tsx';
import ExchangePage from './pages/exchange/ExchangePage.tsx';

afterEach(cleanupPage);

// Earn centred its amount error while exchange put it under the field on the left: one rule for every form now.
describe('a field’s message looks and reads the same in every form', () => {
  it('earn and exchange: a bad amount is said under the field with the shared class, linked to the input', async () => {
    useAuthStore.getState().setToken('jwt');
    stubApi({ 'GET /api/v1/earn/summary': () => ok(makeSummary()) });
    renderPage(<EarnTransferInPage />, '/pages/easyEarn/transferIn');
    await screen.findByTestId('earn-form-limit');
    fireEvent.change(screen.getByTestId('earn-amount'), { target: { value: 'abc' } });
    expectFieldError(screen.getByTestId('earn-amount-error'), screen.getByTestId('earn-amount'));
    await cleanupPage();

    useAuthStore.getState().setToken('jwt');
    stubApi({ 'GET /api/v1/exchange/info': () => ok(makeInfo()) });
    renderPage(<ExchangePage />, '/pages/exchange/index');
    await waitFor(() => expect(screen.getByTestId('exchange-available-from').textContent).toContain('USDT'));
    fireEvent.change(screen.getByTestId('exchange-amount'), { target: { value: 'abc' } });
    expectFieldError(screen.getByTestId('exchange-amount-error'), screen.getByTestId('exchange-amount'));
  });
});
