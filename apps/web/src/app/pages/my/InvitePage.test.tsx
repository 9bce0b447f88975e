import type { InviteInfo } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { bonusValues, inviteLink } from '@web/features/team/invite.ts';
import { i18n, loadLocale } from '@web/lib/i18n/index.ts';
import { LOCALES } from '@web/lib/i18n/languages.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectLoadFailed } from '@web/test/texts.ts';
import Toast from 'antd-mobile/es/components/toast';
import { encode } from 'uqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InvitePage from './InvitePage.tsx';

const INVITE: InviteInfo = {
  invite_code: 'ABCD2345',
  left_query: '?code=ABCD2345&side=left',
  right_query: '?code=ABCD2345&side=right',
  invited_count_all: 7,
  invited_count_valid: 3,
  // Not the spec's marketing numbers: the text must follow whatever is configured.
  rates: { referral: '7.5', pairing_max: '12', static_max: '0.8' },
};
const LEFT = `${window.location.origin}/pages/login/index?code=ABCD2345&side=left`;
const RIGHT = `${window.location.origin}/pages/login/index?code=ABCD2345&side=right`;

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupPage();
});

/** The dark modules of the rendered QR code, as uqr encodes the same text. */
function expectedPath(text: string): string {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}

describe('invite page', () => {
  it('shows the code, both links, the counts and the bonus from the configured rates (GET me/invite)', async () => {
    const calls = stubApi({ 'GET /api/v1/me/invite': () => ok(INVITE) });
    renderPage(<InvitePage />, '/pages/my/invite/index');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('ABCD2345');
    expect(screen.getByTestId('invite-link-left').textContent).toBe(LEFT);
    expect(screen.getByTestId('invite-link-right').textContent).toBe(RIGHT);
    expect(screen.getByTestId('invite-count-all').textContent).toBe('7');
    expect(screen.getByTestId('invite-count-valid').textContent).toBe('3');
    expect(screen.getByTestId('invite-bonus').textContent).toBe(
      'Up to 7.5% referral bonus, up to 12% organization bonus and up to 0.8% static bonus daily.',
    );
    // The page no longer reads /me or /config for this.
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/me/invite']);
  });

  it('copies a link with the spec’s Copy success toast for exactly 1 s', async () => {
    stubApi({ 'GET /api/v1/me/invite': () => ok(INVITE) });
    const show = vi.spyOn(Toast, 'show');
    renderPage(<InvitePage />, '/pages/my/invite/index');
    fireEvent.click(await screen.findByTestId('invite-copy-right'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(RIGHT));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ content: 'Copy success', duration: 1000 }));
    expect(await screen.findByText('Copy success')).toBeTruthy();
    fireEvent.click(screen.getByTestId('invite-copy-code'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('ABCD2345'));
  });

  it('says so when the clipboard refuses and the fallback cannot copy either', async () => {
    stubApi({ 'GET /api/v1/me/invite': () => ok(INVITE) });
    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    const show = vi.spyOn(Toast, 'show');
    renderPage(<InvitePage />, '/pages/my/invite/index');
    fireEvent.click(await screen.findByTestId('invite-copy-left'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        content: 'Could not copy. Please copy it by hand.',
        duration: 1000,
      }),
    );
  });

  it('draws the QR code of the chosen side’s link', async () => {
    stubApi({ 'GET /api/v1/me/invite': () => ok(INVITE) });
    renderPage(<InvitePage />, '/pages/my/invite/index');
    const qr = await screen.findByTestId('invite-qr');
    expect(qr.getAttribute('data-value')).toBe(LEFT);
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(expectedPath(LEFT));
    expect(screen.getByTestId('invite-qr-left').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('invite-qr-right'));
    await waitFor(() => expect(screen.getByTestId('invite-qr').getAttribute('data-value')).toBe(RIGHT));
    expect(screen.getByTestId('invite-qr').querySelector('path')?.getAttribute('d')).toBe(
      expectedPath(RIGHT),
    );
    expect(expectedPath(RIGHT)).not.toBe(expectedPath(LEFT));
  });

  it('links to the invite tree and to the team', async () => {
    stubApi({ 'GET /api/v1/me/invite': () => ok(INVITE) });
    const { router } = renderPage(<InvitePage />, '/pages/my/invite/index');
    fireEvent.click(await screen.findByTestId('invite-tree-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/my/invite/inviteTree'));
  });

  it('shows a failed load inline with a retry', async () => {
    let fails = true;
    stubApi({ 'GET /api/v1/me/invite': () => (fails ? fail(500, 'Database unavailable') : ok(INVITE)) });
    renderPage(<InvitePage />, '/pages/my/invite/index');
    await expectLoadFailed('invite-error', 'Database unavailable');
    fails = false;
    fireEvent.click(screen.getByText('Retry'));
    expect((await screen.findByTestId('invite-code')).textContent).toBe('ABCD2345');
  });
});

describe('invite links and bonus text', () => {
  it('prefix the API query with this origin and the login path', () => {
    expect(inviteLink('https://app.example', '?code=X&side=left')).toBe(
      'https://app.example/pages/login/index?code=X&side=left',
    );
    expect(inviteLink('https://app.example', 'code=X&side=right')).toBe(
      'https://app.example/pages/login/index?code=X&side=right',
    );
  });

  it('every language says exactly the configured numbers (no translation brings its own)', async () => {
    const english = i18n.getFixedT('en')('invite.bonus', bonusValues(INVITE.rates));
    for (const lng of LOCALES) {
      await loadLocale(lng);
      const text = i18n.getFixedT(lng)('invite.bonus', bonusValues(INVITE.rates));
      if (lng !== 'en') expect(text, `${lng} is translated, not the English fallback`).not.toBe(english);
      const numbers = [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]).sort();
      expect(numbers, lng).toEqual(['0.8', '12', '7.5']);
    }
  });
});
