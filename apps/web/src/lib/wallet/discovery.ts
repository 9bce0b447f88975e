// Wallet discovery: EIP-6963 announcements first; `window.ethereum` as the fallback for wallets that
// only inject (and for test wallets). Several wallets → the login page lets the user pick.
import type { EIP1193Provider, EIP6963ProviderDetail } from './types.ts';

export type DiscoveredWallet = EIP6963ProviderDetail;

/** Our own local wallet announces itself with this rdns (see local-provider.ts). */
export const LOCAL_WALLET_RDNS = 'app.agcfund.localwallet';
/** The id given to a provider found only as window.ethereum. */
export const INJECTED_RDNS = 'injected';

const announced = new Map<string, DiscoveredWallet>();
let listening = false;

function onAnnounce(event: CustomEvent<EIP6963ProviderDetail>): void {
  const detail = event.detail;
  if (!detail?.info?.uuid || !detail.provider || typeof detail.provider.request !== 'function') return;
  // One entry per wallet: a re-announcement (same rdns) replaces the previous one.
  for (const [uuid, w] of announced)
    if (w.info.rdns === detail.info.rdns && uuid !== detail.info.uuid) announced.delete(uuid);
  announced.set(detail.info.uuid, { info: { ...detail.info }, provider: detail.provider });
}

/** Starts listening for announcements and asks wallets to announce. Safe to call repeatedly. */
export function requestProviders(): void {
  if (typeof window === 'undefined') return;
  if (!listening) {
    listening = true;
    window.addEventListener('eip6963:announceProvider', onAnnounce);
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wallets announced so far, plus window.ethereum when no other wallet announced itself. */
export function knownWallets(): DiscoveredWallet[] {
  const list = [...announced.values()];
  const injected = typeof window !== 'undefined' ? window.ethereum : undefined;
  const othersAnnounced = list.some((w) => w.info.rdns !== LOCAL_WALLET_RDNS);
  if (
    injected &&
    typeof injected.request === 'function' &&
    !othersAnnounced &&
    !list.some((w) => w.provider === injected)
  ) {
    list.push({ info: { uuid: INJECTED_RDNS, name: '', icon: '', rdns: INJECTED_RDNS }, provider: injected });
  }
  return list;
}

/** Asks for announcements and waits briefly for answers (wallets answer synchronously or nearly). */
export async function discoverWallets(waitMs = 150): Promise<DiscoveredWallet[]> {
  requestProviders();
  await wait(waitMs);
  return knownWallets();
}

/** The wallet used before (by rdns), else the only one available. */
export async function findWallet(
  rdns: string | undefined,
  waitMs = 150,
): Promise<DiscoveredWallet | undefined> {
  const wallets = await discoverWallets(waitMs);
  return wallets.find((w) => w.info.rdns === rdns) ?? (wallets.length === 1 ? wallets[0] : undefined);
}

/** Test helper: forget every announcement. */
export function resetDiscovery(): void {
  announced.clear();
}

export function isSameProvider(a: EIP1193Provider | undefined, b: EIP1193Provider | undefined): boolean {
  return a !== undefined && a === b;
}
