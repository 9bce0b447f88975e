import { describe, expect, it } from 'vitest';
import { isPhoneBrowser, WALLET_APPS, walletAppLink } from './open-in-wallet.ts';

const PAGE =
  'https://app.agcfund.example/pages/login/index?code=AB12CD&side=right&redirect=%2Fpages%2Ffound%2Fmy';

/** What the wallet app opens: the URL each link carries, decoded as the wallet decodes it. */
function opened(app: string, link: string): string {
  const u = new URL(link);
  switch (app) {
    case 'metamask':
      return `https://${link.slice('https://link.metamask.io/dapp/'.length)}`;
    case 'trust':
      return u.searchParams.get('url') ?? '';
    case 'okx':
      return new URL(u.searchParams.get('deeplink') ?? '').searchParams.get('dappUrl') ?? '';
    default:
      return u.searchParams.get('cb_url') ?? '';
  }
}

describe('wallet app links', () => {
  it('have each wallet’s documented format, exactly', () => {
    expect(walletAppLink('metamask', PAGE)).toBe(
      'https://link.metamask.io/dapp/app.agcfund.example/pages/login/index?code=AB12CD&side=right&redirect=%2Fpages%2Ffound%2Fmy',
    );
    expect(walletAppLink('trust', PAGE)).toBe(
      'https://link.trustwallet.com/open_url?coin_id=60&url=https%3A%2F%2Fapp.agcfund.example%2Fpages%2Flogin%2Findex%3Fcode%3DAB12CD%26side%3Dright%26redirect%3D%252Fpages%252Ffound%252Fmy',
    );
    expect(walletAppLink('okx', PAGE)).toBe(
      'https://web3.okx.com/download?deeplink=okx%3A%2F%2Fwallet%2Fdapp%2Furl%3FdappUrl%3Dhttps%253A%252F%252Fapp.agcfund.example%252Fpages%252Flogin%252Findex%253Fcode%253DAB12CD%2526side%253Dright%2526redirect%253D%25252Fpages%25252Ffound%25252Fmy',
    );
    expect(walletAppLink('coinbase', PAGE)).toBe(
      'https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fapp.agcfund.example%2Fpages%2Flogin%2Findex%3Fcode%3DAB12CD%26side%3Dright%26redirect%3D%252Fpages%252Ffound%252Fmy',
    );
  });

  it('carry the page, its invitation and where to go after sign-in through the round trip', () => {
    for (const { id } of WALLET_APPS) {
      const back = new URL(opened(id, walletAppLink(id, PAGE)));
      expect(back.href, id).toBe(PAGE);
      expect(back.pathname, id).toBe('/pages/login/index');
      expect(back.searchParams.get('code'), id).toBe('AB12CD');
      expect(back.searchParams.get('side'), id).toBe('right');
      expect(back.searchParams.get('redirect'), id).toBe('/pages/found/my');
    }
  });

  it('keep characters that need encoding (a space, an ampersand, a hash) in the invitation', () => {
    const odd = 'https://a.example/pages/login/index?code=A%26B+C&side=left#top';
    for (const { id } of WALLET_APPS) {
      const back = new URL(opened(id, walletAppLink(id, odd)));
      expect(back.searchParams.get('code'), id).toBe('A&B C');
      expect(back.hash, id).toBe('#top');
    }
  });
});

describe('isPhoneBrowser', () => {
  it('knows phones and tablets from desktops', () => {
    const ua = (userAgent: string, maxTouchPoints = 0) => isPhoneBrowser({ userAgent, maxTouchPoints });
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1', 5)).toBe(
      true,
    );
    expect(ua('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36', 5)).toBe(true);
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36')).toBe(false);
  });
});
