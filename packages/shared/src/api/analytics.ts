// Issue 17: the analytics API's schemas (being built).
export {};
