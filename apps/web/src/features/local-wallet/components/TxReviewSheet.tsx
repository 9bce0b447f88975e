import { Address } from '@web/components/Address.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { DialogSheet } from '@web/components/DialogSheet.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact, formatCount } from '@web/lib/format.ts';
import type { KnownAddress } from '@web/lib/wallet/address-names.ts';
import type { ReviewField, TxReview } from '@web/lib/wallet/local-review.ts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FeeRows } from './FeeRows.tsx';
import './review.css';

/** Above every other sheet (antd-mobile's are at 1000): the checkout that asked stays behind it. */
const REVIEW_Z_INDEX = '1100';

/** An address with its known name first; an unknown one in full (it must be read, not recognised). */
function NamedAddress({
  address,
  name,
  testId,
}: {
  address: string;
  name: KnownAddress | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="tx-review-address" data-testid={testId} data-name={name ?? undefined}>
      {name && <strong className="tx-review-name">{t(`localWalletPages.names.${name}`)}</strong>}
      <Address address={address} full={name === null} copy={false} />
    </span>
  );
}

function FieldValue({ field, t }: { field: ReviewField; t: TFunction }) {
  switch (field.kind) {
    case 'amount':
      return (
        <strong>
          {field.unlimited
            ? t('localWalletPages.review.unlimited', { asset: field.asset })
            : formatAssetExact(field.amount, field.asset)}
        </strong>
      );
    case 'units':
      return <strong>{t('localWalletPages.review.units', { amount: formatCount(field.amount) })}</strong>;
    case 'address':
      return (
        <NamedAddress address={field.address} name={field.name} testId={`tx-review-${field.label}-address`} />
      );
  }
}

/**
 * The local wallet's review of one transaction the app asks it to sign: the function it calls on which contract
 * (by name), the amounts (exact, in their asset), who may spend or receives them, the network fee estimate (the
 * most it can cost), warnings, then Approve or Reject. It cannot be dismissed by tapping beside it: one of the two.
 */
export function TxReviewSheet({
  review,
  onAnswer,
}: {
  /** null: nothing to review (the sheet is closed). */
  review: TxReview | null;
  onAnswer: (approved: boolean) => void;
}) {
  const { t } = useTranslation();
  /** A plain ETH transfer: no function, `to` is the recipient. */
  const plain = review !== null && review.functionName === null && review.selector === null;
  const what = review?.functionName
    ? review.functionName
    : review?.selector
      ? t('localWalletPages.review.unknownFunction', { selector: review.selector })
      : t('localWalletPages.review.plainTransfer');
  return (
    <DialogSheet
      value={review}
      className="tx-review"
      testId="tx-review"
      data={{ 'data-function': review?.functionName ?? '' }}
      title={() => t('localWalletPages.review.title')}
      style={{ '--z-index': REVIEW_Z_INDEX }}
    >
      {(review) => (
        <>
          <p className="muted small tx-review-intro">{t('localWalletPages.review.intro')}</p>
          <dl className="rows">
            <ValueRow label={t('localWalletPages.review.function')} testId="tx-review-function">
              <code className="tx-review-function">{what}</code>
            </ValueRow>
            <ValueRow
              label={t(plain ? 'localWalletPages.review.to' : 'localWalletPages.review.contract')}
              testId="tx-review-contract"
            >
              <NamedAddress address={review.to} name={review.toName} testId="tx-review-contract-address" />
            </ValueRow>
            {review.fields.map((field) => (
              <ValueRow
                key={field.label}
                label={t(`localWalletPages.review.fields.${field.label}`)}
                testId={`tx-review-${field.label}`}
              >
                <FieldValue field={field} t={t} />
              </ValueRow>
            ))}
            <FeeRows fee={review.fee} testIdPrefix="tx-review" />
          </dl>
          {review.warnings.map((warning) => (
            <p
              key={warning}
              className="notice send-warning small"
              role="status"
              data-testid={`tx-review-warning-${warning}`}
            >
              {t(`localWalletPages.review.warnings.${warning}`)}
            </p>
          ))}
          <BlockButton variant="primary" testId="tx-review-approve" onClick={() => onAnswer(true)}>
            {t('localWalletPages.review.approve')}
          </BlockButton>
          <BlockButton variant="danger" testId="tx-review-reject" onClick={() => onAnswer(false)}>
            {t('localWalletPages.review.reject')}
          </BlockButton>
        </>
      )}
    </DialogSheet>
  );
}

export default TxReviewSheet;
