/**
 * Proof of liabilities: the daily snapshot of what every member is owed as a Merkle sum tree, its root published on
 * the attestation contract, each member's proof, the public coverage (docs/proof-of-liabilities.md).
 */
export { proofAdminRoutes } from './admin-routes.ts';
export { proofJobs, proofPublishJob, proofRetentionJob, proofSnapshotJob, pruneProofs } from './jobs.ts';
export { advancePublication, publishPending } from './publish.ts';
export { memberDailyLeaves, proofHealthRow as proofHealth } from './repository.ts';
export { proofRoutes } from './routes.ts';
export { takeDailySnapshot, takeRequestedSnapshot } from './snapshot.ts';
