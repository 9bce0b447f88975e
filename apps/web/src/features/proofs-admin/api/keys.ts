/** Query keys of the admins' proof-of-liabilities page. */
export const porAdminKeys = {
  all: ['proofs-admin'] as const,
  list: ['proofs-admin', 'list'] as const,
};
