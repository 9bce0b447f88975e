import { interpolate, type Locale, localeFromAcceptLanguage } from '@agc/shared';
import { apiMessages } from '@agc/shared/api-messages';
import fp from 'fastify-plugin';

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node ? node : undefined;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** Translates an API message key; a key missing in a locale falls back to English, then to the key itself. */
export function translator(locale: Locale): Translate {
  return (key, vars) =>
    interpolate(lookup(apiMessages[locale], key) ?? lookup(apiMessages.en, key) ?? key, vars);
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
  }
}

/** Each request gets its locale from Accept-Language (fallback en) and a bound translate function. */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('t', null as unknown as Translate);
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromAcceptLanguage(req.headers['accept-language']);
    req.t = translator(req.locale);
  });
});
