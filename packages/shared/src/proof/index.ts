export * from './chain.ts';
export * from './format.ts';
export * from './hash.ts';
export * from './tree.ts';
export * from './verify.ts';
