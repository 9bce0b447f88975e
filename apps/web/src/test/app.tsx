// The whole app in a test: its routes (guard, layout, pages) over a memory router with the app's providers, and
// a browser wallet that signs in. Only the server (stubApi) and the wallet are faked.
import { render } from '@testing-library/react';
import { AppProviders } from '@web/app/providers.tsx';
import { queryClient } from '@web/app/query-client.ts';
import { routes } from '@web/app/router.tsx';
import { setRouter } from '@web/lib/navigation.ts';
import { resetDiscovery } from '@web/lib/wallet/discovery.ts';
import { setActiveWallet } from '@web/lib/wallet/session.ts';
import type { EIP1193Provider } from '@web/lib/wallet/types.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Hex, LocalAccount } from 'viem';
import { cleanupPage } from './cleanup.ts';

/** Opens the app at `path`; the router is returned to read the location. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setRouter(router);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The name of the route shown (the layout's `data-route-name`). */
export const routeName = () => document.querySelector('[data-route-name]')?.getAttribute('data-route-name');

/**
 * A browser wallet (`window.ethereum`) on Arbitrum One holding `account`: it answers what signing in asks
 * (accounts, chain, `personal_sign`); `overrides` answer a method instead. Returns the methods asked, in order.
 */
export function injectSigningWallet(
  account: LocalAccount,
  overrides: Partial<Record<string, (params: unknown[]) => unknown>> = {},
): string[] {
  const calls: string[] = [];
  const provider: EIP1193Provider = {
    async request({ method, params }) {
      calls.push(method);
      const p = (params ?? []) as unknown[];
      const override = overrides[method];
      if (override) return override(p);
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [account.address.toLowerCase()];
        case 'eth_chainId':
          return '0xa4b1';
        case 'personal_sign':
          return account.signMessage({ message: { raw: p[0] as Hex } });
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
  };
  window.ethereum = provider;
  return calls;
}

/** After a test of the whole app: the page's clean-up, then no wallet, no session and no cached answer. */
export async function cleanupApp(): Promise<void> {
  await cleanupPage();
  delete window.ethereum;
  resetDiscovery();
  setActiveWallet(null);
  useWalletStore.getState().disconnect();
  queryClient.clear();
}
