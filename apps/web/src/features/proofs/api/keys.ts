/** Query keys of the proof-of-liabilities pages. */
export const porKeys = {
  latest: ['por', 'latest'] as const,
  history: ['por', 'history'] as const,
  proof: (snapshotId?: number) => ['por', 'proof', snapshotId ?? 'latest'] as const,
  verdict: (source: string, proof: unknown) => ['por', 'verdict', source, proof] as const,
};
