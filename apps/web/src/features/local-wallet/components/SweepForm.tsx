import { BlockButton } from '@web/components/BlockButton.tsx';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAsset, formatAssetExact, formatFeeBound } from '@web/lib/format.ts';
import { LOCAL_ASSETS } from '@web/lib/wallet/local-chain.ts';
import { useTranslation } from 'react-i18next';
import type { Sweep } from '../hooks/sweep.tsx';
import { AddressField } from './FormParts.tsx';
import { PendingNotice } from './PendingNotice.tsx';
import { TxResultLink } from './TxResultLink.tsx';

/** The target address, the balances that will move, the fees, and Withdraw everything. */
export function SweepForm({ sweep }: { sweep: Sweep }) {
  const { t } = useTranslation();
  const bal = sweep.balances.data;
  return (
    <form
      className="card form send-form"
      onSubmit={(e) => void sweep.submit(e)}
      noValidate
      data-testid="sweep-form"
    >
      <p className="muted small">{t('localWalletPages.sweep.intro')}</p>
      <dl className="rows">
        {LOCAL_ASSETS.map((asset) => (
          <ValueRow key={asset} label={asset} testId={`sweep-balance-${asset}`}>
            {bal ? formatAsset(bal[asset], asset) : sweep.balances.isError ? '-' : <Skeleton inline />}
          </ValueRow>
        ))}
        {sweep.plan.data && (
          <ValueRow label={t('localWalletPages.sweep.fees')} testId="sweep-fees">
            {formatFeeBound(sweep.plan.data.tokenFees + sweep.plan.data.ethFee)}
          </ValueRow>
        )}
      </dl>
      {sweep.balances.isError && (
        <ErrorRetry error={sweep.balances.error} onRetry={() => void sweep.balances.refetch()} small />
      )}
      {sweep.plan.isError && (
        <ErrorRetry
          error={sweep.plan.error}
          onRetry={() => void sweep.plan.refetch()}
          testId="sweep-plan-error"
          small
        />
      )}
      <AddressField
        label={t('localWalletPages.sweep.to')}
        testId="sweep-target"
        value={sweep.targetText}
        onChange={sweep.setTargetText}
        disabled={sweep.running}
        error={sweep.targetError}
        warning={sweep.warning}
        warningTestId="sweep-warning"
      />
      {sweep.planProblem && (
        <p
          className={
            sweep.plan.data?.problem === 'feesNotCovered' ? 'error-text sweep-problem' : 'muted sweep-problem'
          }
          role={sweep.plan.data?.problem === 'feesNotCovered' ? 'alert' : 'status'}
          data-testid="sweep-problem"
        >
          {sweep.planProblem}
        </p>
      )}
      {sweep.pendingHash && (
        <PendingNotice
          hash={sweep.pendingHash}
          text={t('localWalletPages.pending.sweepWait')}
          testId="sweep-pending"
        />
      )}
      {sweep.pending.isError && (
        <ErrorRetry
          error={sweep.pending.error}
          onRetry={() => void sweep.pending.refetch()}
          testId="sweep-pending-error"
          small
        />
      )}
      <BlockButton
        variant="primary"
        type="submit"
        className="send-submit"
        testId="sweep-submit"
        disabled={sweep.running || sweep.waiting || !sweep.plan.data || sweep.plan.data.problem !== null}
        busy={sweep.running}
        busyLabel={t('localWalletPages.sweep.running')}
      >
        {t('localWalletPages.sweep.submit')}
      </BlockButton>
    </form>
  );
}

/** Each step of a sweep that started: asset, amount, status, link to its transaction. */
export function SweepSteps({ sweep }: { sweep: Sweep }) {
  const { t } = useTranslation();
  if (!sweep.steps) return null;
  const done = !sweep.running && !sweep.failure;
  return (
    <div className="card" data-testid="sweep-steps">
      <ol className="sweep-steps">
        {sweep.steps.map((step) => (
          <li key={step.asset} data-testid={`sweep-step-${step.asset}`} data-status={step.status}>
            <span>
              <strong>{step.asset}</strong>{' '}
              {step.amount !== null && step.status !== 'skipped' && (
                <span className="muted small">{formatAssetExact(step.amount, step.asset)}</span>
              )}
              {step.error && <span className="error-text small"> {step.error}</span>}
            </span>
            <StatusTag status={step.status} label={t(`localWalletPages.sweep.steps.${step.status}`)} />
          </li>
        ))}
      </ol>
      <FormError error={sweep.failure} testId="sweep-failure" />
      {done && (
        <p className="muted" role="status" data-testid="sweep-done">
          {t('localWalletPages.sweep.done')}
        </p>
      )}
      {sweep.steps
        .filter((s) => s.hash)
        .map((s) => (
          <TxResultLink
            key={s.hash}
            hash={s.hash as string}
            className="btn btn-link btn-block"
            testId={`sweep-open-${s.asset}`}
          >
            {t('localWalletPages.sweep.openStep', { asset: s.asset })}
          </TxResultLink>
        ))}
    </div>
  );
}
