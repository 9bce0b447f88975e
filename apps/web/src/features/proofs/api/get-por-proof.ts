import { porProofResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { porKeys } from './keys.ts';

/** GET /por/proof (signed in): the member's leaf, path and parts in the latest published snapshot (or one). */
export const getPorProof = (snapshotId?: number) =>
  get('/por/proof', snapshotId === undefined ? undefined : { snapshot_id: snapshotId }, {
    schema: porProofResponse,
  });

export const porProofQueryOptions = (snapshotId?: number) =>
  queryOptions({
    queryKey: porKeys.proof(snapshotId),
    queryFn: () => getPorProof(snapshotId),
    // A 404 (nothing published yet, or not a member then) is an answer, not a failure to retry.
    retry: false,
  });

export const usePorProof = (snapshotId?: number) => useQuery(porProofQueryOptions(snapshotId));
