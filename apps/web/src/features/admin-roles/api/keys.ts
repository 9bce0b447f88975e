/** Query keys of the admins' roles page. */
export const adminRolesKeys = {
  holders: ['admin-roles', 'holders'] as const,
};
