import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { usePorProof } from '@web/features/proofs/api/get-por-proof.ts';
import { LeafCard } from '@web/features/proofs/components/LeafCard.tsx';
import { ProofFileCheck } from '@web/features/proofs/components/ProofFileCheck.tsx';
import { VerdictCard } from '@web/features/proofs/components/VerdictCard.tsx';
import { useVerdict } from '@web/features/proofs/hooks/use-verdict.ts';
import type { ReadSource } from '@web/features/proofs/model/verify.ts';
import { saveBlob } from '@web/lib/download.ts';
import { errorText } from '@web/lib/errors.ts';
import { paths } from '@web/lib/paths.ts';
import { isNotFound } from '@web/lib/request.ts';
import { getActiveWallet } from '@web/lib/wallet/session.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/proofs/proofs.css';

/**
 * Verify my balance: the member's leaf in the latest published snapshot beside what the app showed them then, the
 * path recomputed in this browser and the root read from the chain by this browser (the configured public RPC, or
 * the member's own wallet), verified or not and why; the proof as a JSON file, and any proof file checked the same way.
 */
export default function VerifyBalancePage() {
  const { t } = useTranslation();
  const config = usePublicConfig().data;
  const proof = usePorProof();
  const address = useWalletStore((s) => s.address);
  const [via, setVia] = useState<'rpc' | 'wallet'>('rpc');
  const wallet = getActiveWallet();
  const source: ReadSource | null = !config
    ? null
    : via === 'wallet' && wallet
      ? { kind: 'wallet', provider: wallet.provider }
      : { kind: 'rpc', rpcUrl: config.rpc_url };
  const contract = config?.contracts.attestation ?? null;
  const expect = {
    member: address || undefined,
    chainId: config?.chain_id,
    attestationAddress: contract ?? undefined,
  };
  const verdict = useVerdict(proof.data?.proof, source, expect);

  if (proof.isPending) return <LoadingState testId="por-loading" rows={6} />;
  if (proof.isError)
    return isNotFound(proof.error) ? (
      <EmptyState description={errorText(proof.error, t)}>
        <PageLink to={paths.porPublic} className="btn btn-secondary" testId="por-not-found-public">
          {t('por.seePublic')}
        </PageLink>
      </EmptyState>
    ) : (
      <LoadFailed testId="por-error" error={proof.error} onRetry={() => void proof.refetch()} />
    );

  const data = proof.data;
  const download = () =>
    saveBlob(
      new Blob([`${JSON.stringify(data.proof, null, 2)}\n`], { type: 'application/json' }),
      `proof-of-liabilities-${data.proof.snapshot_id}.json`,
    );
  return (
    <div className="page" data-testid="por-verify">
      <p className="por-intro muted">{t('por.intro')}</p>
      <LeafCard data={data} />
      <section className="card por-card" aria-labelledby="por-check-title">
        <h3 className="card-title" id="por-check-title">
          {t('por.check')}
        </h3>
        <Segmented
          label={t('por.readVia')}
          testIdPrefix="por-via"
          value={via}
          onChange={setVia}
          options={[
            { key: 'rpc', label: t('por.via.rpc') },
            ...(wallet ? [{ key: 'wallet' as const, label: t('por.via.wallet') }] : []),
          ]}
        />
        <VerdictCard
          testId="por-verdict"
          pending={verdict.isFetching}
          verdict={verdict.data}
          contract={contract}
        />
        <div className="por-actions">
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="por-again"
            disabled={verdict.isFetching}
            onClick={() => void verdict.refetch()}
          >
            {t('por.again')}
          </button>
          <button type="button" className="btn btn-secondary" data-testid="por-download" onClick={download}>
            {t('por.download')}
          </button>
        </div>
        <p className="muted small">{t('por.howTo')}</p>
      </section>
      <ProofFileCheck source={source} member={expect.member} chainId={expect.chainId} contract={contract} />
      <PageLink to={paths.porPublic} className="btn btn-link btn-block" testId="por-public-link">
        {t('por.seePublic')}
      </PageLink>
    </div>
  );
}
