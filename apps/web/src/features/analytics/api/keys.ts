/** Query keys of the analytics page. */
export const analyticsKeys = {
  report: (from: string, to: string) => ['analytics', 'report', from, to] as const,
  vitals: (from: string, to: string) => ['analytics', 'vitals', from, to] as const,
};
