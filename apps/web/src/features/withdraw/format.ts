// What only the withdrawal pages show; amounts and times follow lib/format.ts.

/** The fee rate as the server sends it ("1", "0.5") shown as a percentage. */
export const formatRate = (rate: string) => `${rate}%`;
