/** The EIP-1193 provider surface the app uses. */
export interface RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

export type ProviderListener = (...args: unknown[]) => void;

export interface EIP1193Provider {
  request(args: RequestArguments): Promise<unknown>;
  on?(event: string, listener: ProviderListener): unknown;
  removeListener?(event: string, listener: ProviderListener): unknown;
}

/** EIP-6963 provider information. */
export interface EIP6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI of the wallet's icon. */
  icon: string;
  /** Reverse-DNS id of the wallet, e.g. io.metamask. */
  rdns: string;
}

export interface EIP6963ProviderDetail {
  info: EIP6963ProviderInfo;
  provider: EIP1193Provider;
}

/** An EIP-1193 error as wallets throw it. */
export interface ProviderRpcErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  cause?: unknown;
}

/** An error a provider implementation throws (the local wallet uses it). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError';
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
  interface WindowEventMap {
    'eip6963:announceProvider': CustomEvent<EIP6963ProviderDetail>;
    'eip6963:requestProvider': Event;
  }
}
