/**
 * Members: the users table's identity rows (address, invite code, roles) and the cached snapshot that
 * sessions and /me read. Placement in the tree belongs to the team module.
 */
export { newInviteCode } from './invite-code.ts';
export {
  APPROVAL_ROLES,
  addressesOf,
  findByAddress,
  findById,
  findByInviteCode,
  findRoot,
  grantRole,
  hasAnyMember,
  type Member,
  type MemberSnapshot,
} from './repository.ts';
export { type ApprovalLinks, approvalLinks, invalidateMember, memberSnapshot } from './service.ts';
