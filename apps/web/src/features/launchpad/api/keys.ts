/** Query keys of the launchpad feature, in one place so a purchase invalidates exactly what it changes. */
export const launchpadKeys = {
  all: ['launchpad'] as const,
  rounds: ['launchpad', 'rounds'] as const,
  round: (id: number) => ['launchpad', 'round', id] as const,
  allocations: (roundId: number) => ['launchpad', 'allocations', roundId] as const,
  purchases: ['launchpad', 'purchases'] as const,
  purchase: (id: string) => ['launchpad', 'purchase', id] as const,
};
