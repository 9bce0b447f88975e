import { fundRisk } from '@agc/shared';
import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { FieldError, FormError } from '@web/components/FormMessages.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { errorText } from '@web/lib/errors.ts';
import { toast } from '@web/lib/ui.ts';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFundProduct } from '../api/get-admin-products.ts';
import { useSaveFundProduct } from '../api/post-admin-product.ts';
import { draftOf, EMPTY_DRAFT, type ProductDraft, readDraft } from '../model/product-form.ts';

type TextField = Exclude<keyof ProductDraft, 'risk' | 'status' | 'translations' | 'description'>;
const TEXT_FIELDS: readonly { key: TextField; decimal?: boolean }[] = [
  { key: 'name' },
  { key: 'lock_days', decimal: true },
  { key: 'minimum_usdt', decimal: true },
  { key: 'subscription_fee_percent', decimal: true },
  { key: 'redemption_fee_percent', decimal: true },
  { key: 'expected_yield_percent', decimal: true },
  { key: 'distribution_percent', decimal: true },
  { key: 'sort', decimal: true },
];

/**
 * A product's every field (English name and description, other languages as JSON, risk, lock, minimum, fee and
 * yield rates, status, sort): creates one (`product` null) or updates it. A wrong field's message shows under it, the
 * server's refusal above Save.
 */
export function ProductForm({ product, onDone }: { product: AdminFundProduct | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProductDraft>(product ? draftOf(product) : EMPTY_DRAFT);
  const [error, setError] = useState<{ text: string; field: keyof ProductDraft | null } | null>(null);
  const save = useSaveFundProduct();
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reading = readDraft(draft);
    if (!reading.ok) {
      setError({
        text: t('fund.admin.products.invalidField', {
          field: t(`fund.admin.products.fields.${reading.field}`),
        }),
        field: reading.field,
      });
      return;
    }
    try {
      await save.mutateAsync({ id: product?.id ?? null, body: reading.body });
      void toast(t('fund.admin.products.saved'));
      onDone();
    } catch (e) {
      setError({ text: errorText(e, t), field: null });
    }
  };

  const id = (key: string) => `fund-product-${key}`;
  /** The input's link to its message, while the message is about it. */
  const described = (key: keyof ProductDraft) =>
    error?.field === key ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {};
  const fieldError = (key: keyof ProductDraft) => (
    <FieldError
      id={`${id(key)}-error`}
      error={error?.field === key && error.text}
      testId="fund-product-error"
    />
  );
  return (
    <form
      className="card form fund-product-form"
      data-testid="fund-product-form"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 className="card-title">
        {product ? t('fund.admin.products.edit', { name: product.name_en }) : t('fund.admin.products.create')}
      </h3>
      {TEXT_FIELDS.map(({ key, decimal }) => (
        <Fragment key={key}>
          <label htmlFor={id(key)}>
            <span>{t(`fund.admin.products.fields.${key}`)}</span>
            <input
              id={id(key)}
              className="input"
              data-testid={id(key)}
              inputMode={decimal ? 'decimal' : undefined}
              autoComplete="off"
              value={draft[key]}
              {...described(key)}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
          {fieldError(key)}
        </Fragment>
      ))}
      <label htmlFor={id('description')}>
        <span>{t('fund.admin.products.fields.description')}</span>
        <textarea
          id={id('description')}
          className="input fund-textarea"
          data-testid={id('description')}
          rows={3}
          value={draft.description}
          {...described('description')}
          onChange={(e) => set('description', e.target.value)}
        />
      </label>
      {fieldError('description')}
      <label htmlFor={id('translations')}>
        <span>{t('fund.admin.products.fields.translations')}</span>
        <textarea
          id={id('translations')}
          className="input fund-textarea fund-json"
          data-testid={id('translations')}
          rows={5}
          spellCheck={false}
          value={draft.translations}
          {...described('translations')}
          onChange={(e) => set('translations', e.target.value)}
        />
        <small className="muted">{t('fund.admin.products.translationsHint')}</small>
      </label>
      {fieldError('translations')}
      <label htmlFor={id('risk')}>
        <span>{t('fund.admin.products.fields.risk')}</span>
        <select
          id={id('risk')}
          className="input"
          data-testid={id('risk')}
          value={draft.risk}
          {...described('risk')}
          onChange={(e) => set('risk', e.target.value as ProductDraft['risk'])}
        >
          {fundRisk.options.map((risk) => (
            <option key={risk} value={risk}>
              {t(`fund.risk.${risk}`)}
            </option>
          ))}
        </select>
      </label>
      {fieldError('risk')}
      <div className="fund-status-row">
        <span>{t('fund.admin.products.fields.status')}</span>
        <Segmented
          options={[
            { key: 'on' as const, label: t('fund.admin.products.status.on') },
            { key: 'off' as const, label: t('fund.admin.products.status.off') },
          ]}
          value={draft.status}
          onChange={(s) => set('status', s)}
          testIdPrefix={id('status')}
          label={t('fund.admin.products.fields.status')}
        />
      </div>
      {fieldError('status')}
      <FormError error={error && error.field === null ? error.text : null} testId="fund-product-error" />
      <div className="actions">
        <BlockButton variant="primary" type="submit" testId="fund-product-save" busy={save.isPending}>
          {t('fund.admin.products.save')}
        </BlockButton>
        <CancelButton variant="secondary" disabled={save.isPending} onClick={onDone} />
      </div>
    </form>
  );
}
