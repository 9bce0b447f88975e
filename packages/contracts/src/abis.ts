// Browser-safe entry point (`@agc/contracts/abis`): index.ts also pulls in node-only helpers.
export * from '../generated/abis.ts';
