/** Query keys of the solvency page. */
export const solvencyKeys = {
  view: ['solvency', 'view'] as const,
};
