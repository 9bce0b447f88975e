// What the login page's first click loads (use-wallet-login.ts): the wallet picker, the signing flow (SIWE) and
// the wallet's error shapes. None of it is in the app's first files.
export { isUserRejection } from '@web/lib/wallet/errors.ts';
export { pickWallet } from './components/pick-wallet.tsx';
export { loginWithWallet } from './login-with-wallet.ts';
