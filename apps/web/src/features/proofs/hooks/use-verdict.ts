import type { VerifyExpectations } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { porKeys } from '../api/keys.ts';
import { checkProof, type ReadSource, readerFor } from '../model/verify.ts';

/**
 * The verdict on a proof (the member's from the API, or a file they chose), read from the chain by this browser.
 * Kept until asked again (Verify again refetches): a root once published does not change.
 */
export function useVerdict(input: unknown, source: ReadSource | null, expect: VerifyExpectations) {
  const sourceKey = source ? (source.kind === 'rpc' ? `rpc:${source.rpcUrl}` : 'wallet') : 'none';
  return useQuery({
    queryKey: [...porKeys.verdict(sourceKey, input), expect.member ?? '', expect.attestationAddress ?? ''],
    queryFn: () => checkProof(readerFor(source as ReadSource), input, expect),
    enabled: input !== undefined && source !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
