import { shortAddress } from '@agc/shared';
import { copyAndTell } from '@web/lib/clipboard.ts';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from './Icons.tsx';

/**
 * A wallet address in a row: the short form (0x1234567890...90abcdef, never wrapped mid-string), the full
 * address as its tooltip and for screen readers, and a copy button ("Copy the full address") that says
 * "Copied". `full`: the whole address, broken only in its middle (two even lines, no orphan characters),
 * where it must be read in full (a confirmation before money moves). `testId` is on the whole; its
 * `data-address` is the full address.
 */
export function Address({
  address,
  testId,
  copy = true,
  full = false,
}: {
  address: string;
  testId?: string;
  copy?: boolean;
  full?: boolean;
}) {
  const { t } = useTranslation();
  const half = Math.ceil(address.length / 2);
  return (
    <span className={full ? 'address address--full' : 'address'} data-testid={testId} data-address={address}>
      {full ? (
        <span className="address-text">
          <span>{address.slice(0, half)}</span>
          <wbr />
          <span>{address.slice(half)}</span>
        </span>
      ) : (
        <span className="address-text" title={address}>
          <span aria-hidden="true">{shortAddress(address)}</span>
          <span className="visually-hidden">{address}</span>
        </span>
      )}
      {copy && (
        <button
          type="button"
          className="icon-button address-copy"
          aria-label={t('common.copyAddress')}
          data-testid={testId && `${testId}-copy`}
          onClick={() => void copyAndTell(address)}
        >
          <CopyIcon />
        </button>
      )}
    </span>
  );
}
