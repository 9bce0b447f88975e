import type { PublicConfig } from '@agc/shared';

/**
 * Whether the fund entries (home card, account banner) show in `language`: only in the languages the
 * configuration names (FUND_LOCALES, public config funds.locales). Without the configuration: not yet.
 */
export const fundsShownIn = (language: string, config: PublicConfig | undefined): boolean =>
  config?.funds.locales.includes(language) === true;
