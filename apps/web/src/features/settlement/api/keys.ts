/** Query keys of the admin settlement feature (reward-distribution page). */
export const settlementKeys = {
  all: ['settlements'] as const,
  history: ['settlements', 'history'] as const,
  /** `null`: the preview the server chooses (no day asked). */
  preview: (day: string | null) => ['settlements', 'preview', day ?? 'default'] as const,
};
