export * from './api/auth.ts';
export * from './api/common.ts';
export * from './api/config.ts';
export * from './api/me.ts';
export * from './envelope.ts';
export * from './format/index.ts';
export * from './locale.ts';
export * from './money.ts';
