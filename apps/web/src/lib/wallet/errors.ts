// Wallet failures as typed errors with stable names; the UI shows t(error.i18nKey).
import { AppError } from '../errors.ts';
import type { ProviderRpcErrorLike } from './types.ts';

export class WalletError extends AppError {
  override name: string = 'WalletError';
  readonly code: number | undefined;
  constructor(
    shortMessage: string,
    options: {
      cause?: unknown;
      i18nKey?: string;
      code?: number;
      values?: Record<string, string | number>;
    } = {},
  ) {
    super(shortMessage, {
      cause: options.cause,
      i18nKey: options.i18nKey ?? 'wallet.errors.unknown',
      values: options.values,
    });
    this.code = options.code;
  }
}

/** No injected or announced wallet in this browser. */
export class WalletNotFoundError extends WalletError {
  override name = 'WalletNotFoundError';
  constructor() {
    super('No wallet found in this browser', { i18nKey: 'wallet.errors.notFound' });
  }
}

/** The user refused in the wallet (EIP-1193 code 4001). Callers close their loading state quietly. */
export class UserRejectedRequestError extends WalletError {
  override name = 'UserRejectedRequestError';
  constructor(cause?: unknown) {
    super('User rejected the request', { cause, i18nKey: 'wallet.errors.rejected', code: 4001 });
  }
}

/**
 * The member rejected a transaction in the local wallet's review (local-review.ts). A refusal like any other (code
 * 4001), but said in words: the review is part of the app's page, not a wallet of its own, so the flow that asked
 * tells the member that nothing was signed and that it stopped there.
 */
export class TransactionReviewRejectedError extends UserRejectedRequestError {
  override name = 'TransactionReviewRejectedError';
  override readonly i18nKey = 'localWalletPages.review.rejected';
}

/** The wallet has not authorised this site or is locked (4100), or returned no account. */
export class WalletUnauthorizedError extends WalletError {
  override name = 'WalletUnauthorizedError';
  constructor(cause?: unknown) {
    super('The wallet did not give access to an account', {
      cause,
      i18nKey: 'wallet.errors.unauthorized',
      code: 4100,
    });
  }
}

export class SwitchChainError extends WalletError {
  override name = 'SwitchChainError';
  constructor(cause?: unknown) {
    super('Could not switch the wallet to Arbitrum One', { cause, i18nKey: 'wallet.errors.switchChain' });
  }
}

export class AddChainError extends WalletError {
  override name = 'AddChainError';
  constructor(cause?: unknown) {
    super('Could not add Arbitrum One to the wallet', { cause, i18nKey: 'wallet.errors.addChain' });
  }
}

/** Another request is already waiting in the wallet (-32002). */
export class WalletBusyError extends WalletError {
  override name = 'WalletBusyError';
  constructor(cause?: unknown) {
    super('A wallet request is already pending', { cause, i18nKey: 'wallet.errors.busy', code: -32002 });
  }
}

/** The local wallet's password did not decrypt its key. */
export class WrongPasswordError extends WalletError {
  override name = 'WrongPasswordError';
  constructor(cause?: unknown) {
    super('Wrong password', { cause, i18nKey: 'localWallet.errors.wrongPassword' });
  }
}

const MAX_DEPTH = 4;

/** Every object of an error chain: the error, `data.originalError` (MetaMask mobile), `cause`, `error`. */
function chain(error: unknown): ProviderRpcErrorLike[] {
  const out: ProviderRpcErrorLike[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > MAX_DEPTH || out.includes(e as ProviderRpcErrorLike)) return;
    const err = e as ProviderRpcErrorLike & { error?: unknown };
    out.push(err);
    const data = err.data as { originalError?: unknown } | undefined;
    if (data && typeof data === 'object') visit(data.originalError, depth + 1);
    visit(err.cause, depth + 1);
    visit(err.error, depth + 1);
  };
  visit(error, 0);
  return out;
}

export function errorCodes(error: unknown): unknown[] {
  return chain(error).map((e) => e.code);
}

function messages(error: unknown): string {
  return chain(error)
    .map((e) => (typeof e.message === 'string' ? e.message : ''))
    .join(' | ');
}

export function isUserRejection(error: unknown): boolean {
  if (error instanceof UserRejectedRequestError) return true;
  const codes = errorCodes(error);
  return (
    codes.includes(4001) ||
    codes.includes('ACTION_REJECTED') ||
    /user (rejected|denied|cancel)/i.test(messages(error))
  );
}

/** The wallet does not know the chain: 4902 (also nested), or -32603 saying so in words. */
export function isUnrecognizedChain(error: unknown): boolean {
  const codes = errorCodes(error);
  if (codes.includes(4902)) return true;
  return codes.includes(-32603) && /unrecognized chain|not added|try adding the chain/i.test(messages(error));
}

/** Turns any provider failure into a typed WalletError. */
export function toWalletError(
  error: unknown,
  fallback: (cause: unknown) => WalletError = (c) => new WalletError('Wallet request failed', { cause: c }),
): WalletError {
  if (error instanceof WalletError) return error;
  if (isUserRejection(error)) return new UserRejectedRequestError(error);
  const codes = errorCodes(error);
  if (codes.includes(4100)) return new WalletUnauthorizedError(error);
  if (codes.includes(-32002)) return new WalletBusyError(error);
  return fallback(error);
}
