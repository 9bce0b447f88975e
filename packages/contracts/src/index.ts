export * from '../generated/abis.ts';
export * from './accounts.ts';
export * from './anvil.ts';
export * from './deploy.ts';
export * from './deployment-file.ts';
export * from './quote.ts';
export * from './voucher.ts';
