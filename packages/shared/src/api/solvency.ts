// Issue 17: the solvency API's schemas (being built).
export {};
