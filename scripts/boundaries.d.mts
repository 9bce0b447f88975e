// Types of scripts/boundaries.mjs for the TypeScript that imports it (its test).
export declare const SERVER_LAYERS: string[][];
export declare const WEB_FEATURES: string[];
export declare function overrides(): unknown[];
export declare function tableProblems(base?: string): string[];
export declare function generated(): string;
