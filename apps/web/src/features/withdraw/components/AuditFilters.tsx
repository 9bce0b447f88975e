import { adminWithdrawQuery, WITHDRAW_TYPES, type WithdrawType } from '@agc/shared';
import { AddressInput } from '@web/components/AddressInput.tsx';
import { FieldError } from '@web/components/FormMessages.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ASSETS = ['all', 1, 2] as const satisfies readonly (WithdrawType | 'all')[];

/**
 * The member-address filter, read by the server's own rule (a full wallet address, any case):
 * undefined when empty, null when malformed, else the address lower-cased.
 */
export function parseAddressFilter(text: string): string | undefined | null {
  const value = text.trim();
  if (!value) return undefined;
  const parsed = adminWithdrawQuery.shape.address.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The asset filter (chips `withdraw-audit-type-<all|1|2>`) and the member-address search: a full
 * wallet address, checked here by the server's rule before asking; Clear shows every member again.
 */
export function AuditFilters({
  type,
  onType,
  address,
  onAddress,
}: {
  type: WithdrawType | undefined;
  onType: (type: WithdrawType | undefined) => void;
  address: string | undefined;
  onAddress: (address: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(address ?? '');
  const [invalid, setInvalid] = useState(false);

  const submit = () => {
    const parsed = parseAddressFilter(text);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (parsed !== undefined) setText(parsed);
    onAddress(parsed);
  };

  return (
    <section className="card withdraw-audit-filters">
      <div className="withdraw-audit-filter">
        <span className="muted small">{t('withdrawAudit.filter.asset')}</span>
        <Segmented
          variant="chips"
          label={t('withdrawAudit.filter.asset')}
          testIdPrefix="withdraw-audit-type"
          options={ASSETS.map((key) => ({
            key,
            label: key === 'all' ? t('withdrawAudit.filter.allAssets') : WITHDRAW_TYPES[key],
          }))}
          value={type ?? 'all'}
          onChange={(key) => onType(key === 'all' ? undefined : key)}
        />
      </div>
      <form
        className="withdraw-audit-filter"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="muted small" htmlFor="withdraw-audit-address">
          {t('withdrawAudit.filter.address')}
        </label>
        <div className="withdraw-audit-search">
          <AddressInput
            id="withdraw-audit-address"
            testId="withdraw-audit-address"
            placeholder={t('withdrawAudit.filter.addressPlaceholder')}
            value={text}
            invalid={invalid}
            onChange={(next) => {
              setText(next);
              if (invalid) setInvalid(false);
            }}
          />
          <button
            type="submit"
            className="btn btn-primary btn-small"
            data-testid="withdraw-audit-address-submit"
          >
            {t('withdrawAudit.filter.search')}
          </button>
        </div>
        <FieldError
          id="withdraw-audit-address-error"
          error={invalid && t('withdrawAudit.filter.addressInvalid')}
          testId="withdraw-audit-address-error"
        />
        {address && (
          <p className="withdraw-audit-applied small" data-testid="withdraw-audit-address-applied">
            <span className="muted">{t('withdrawAudit.filter.showing')}</span>{' '}
            <span className="break">{address}</span>{' '}
            <button
              type="button"
              className="btn-link withdraw-audit-clear"
              data-testid="withdraw-audit-address-clear"
              onClick={() => {
                setText('');
                setInvalid(false);
                onAddress(undefined);
              }}
            >
              {t('withdrawAudit.filter.clear')}
            </button>
          </p>
        )}
      </form>
    </section>
  );
}
