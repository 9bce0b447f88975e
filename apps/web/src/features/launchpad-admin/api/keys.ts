/** Query keys of the admins' launchpad page. */
export const launchpadAdminKeys = {
  rounds: ['launchpad-admin', 'rounds'] as const,
};
