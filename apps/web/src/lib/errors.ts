// Typed errors in the style of viem's BaseError: a stable `name` to branch on, a `shortMessage` for
// logs, the original `cause`, and the i18n key of the text the user sees.
import type { TFunction } from 'i18next';

export interface AppErrorOptions {
  cause?: unknown;
  i18nKey: string;
  values?: Record<string, string | number>;
  /** Text that is already translated (a server `msg`): shown as is instead of the i18n key. */
  displayText?: string;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly shortMessage: string;
  readonly i18nKey: string;
  readonly values: Record<string, string | number> | undefined;
  readonly displayText: string | undefined;

  constructor(shortMessage: string, options: AppErrorOptions) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.i18nKey = options.i18nKey;
    this.values = options.values;
    this.displayText = options.displayText;
  }
}

/** The text to show for any error: a server message as sent, a typed error translated, else its message. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof AppError) return error.displayText || t(error.i18nKey, error.values ?? {});
  if (error instanceof Error && error.message) return error.message;
  return t('common.unknownError');
}
