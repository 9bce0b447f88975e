/** The AGC price source and every AGC ↔ USDT conversion. */
export * from './service.ts';
