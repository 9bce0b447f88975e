/**
 * The team: placement in the left/right tree (spill-over, jump pointers), the org chart and relation
 * queries, team member lists, the invite page, and team volume pushed up the tree as orders confirm.
 */
export { ancestorAt, applyTeamVolume, insertPlaced, insertRoot, removeTeamVolume } from './repository.ts';
export { teamRoutes } from './routes.ts';
export { applyPendingTeamVolume, inSubtree, placeNewMember } from './service.ts';
