/** Query keys of the admins' chain incidents page. */
export const incidentKeys = {
  all: ['chain-incidents'] as const,
  list: (status: string) => ['chain-incidents', 'list', status] as const,
};
