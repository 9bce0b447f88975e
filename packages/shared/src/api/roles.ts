// Issue 17: the roles API's schemas (being built).
export {};
