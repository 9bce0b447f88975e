import { StatusTag } from '@web/components/StatusTag.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatNav, formatUsdt } from '@web/lib/format.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFundProduct } from '../api/get-admin-products.ts';
import { ProductForm } from './ProductForm.tsx';

/** The products: each with its figures and Edit; New product; one form open at a time. */
export function ProductsSection({ products }: { products: readonly AdminFundProduct[] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminFundProduct | 'new' | null>(null);
  return (
    <section data-testid="fund-products">
      <div className="card-head">
        <h2 className="fund-admin-title">{t('fund.admin.products.title')}</h2>
        <button
          type="button"
          className="btn-link card-link"
          data-testid="fund-product-new"
          onClick={() => setEditing('new')}
        >
          {t('fund.admin.products.new')}
        </button>
      </div>
      {editing === 'new' && <ProductForm product={null} onDone={() => setEditing(null)} />}
      {products.map((p) =>
        editing !== 'new' && editing?.id === p.id ? (
          <ProductForm key={p.id} product={p} onDone={() => setEditing(null)} />
        ) : (
          <div className="card" key={p.id} data-testid={`fund-product-${p.id}`}>
            <div className="card-head">
              <h3 className="card-title">{p.name_en}</h3>
              <StatusTag
                status={`fund-product-${p.status}`}
                label={t(`fund.admin.products.status.${p.status}`)}
                tone={p.status === 'on' ? 'success' : undefined}
              />
            </div>
            <dl className="rows">
              <ValueRow label={t('fund.admin.products.fields.risk')}>{t(`fund.risk.${p.risk}`)}</ValueRow>
              <ValueRow label={t('fund.admin.products.fields.lock_days')}>{p.lock_days}</ValueRow>
              <ValueRow label={t('fund.admin.products.fields.minimum_usdt')}>
                {formatUsdt(p.minimum_usdt)}
              </ValueRow>
              <ValueRow label={t('fund.admin.products.fields.subscription_fee_percent')}>
                {p.subscription_fee_percent}%
              </ValueRow>
              <ValueRow label={t('fund.admin.products.fields.redemption_fee_percent')}>
                {p.redemption_fee_percent}%
              </ValueRow>
              <ValueRow label={t('fund.admin.products.fields.expected_yield_percent')}>
                {p.expected_yield_percent}%
              </ValueRow>
              <ValueRow label={t('fund.admin.products.fields.distribution_percent')}>
                {p.distribution_percent}%
              </ValueRow>
              <ValueRow label={t('fund.redeem.fields.nav')}>
                {p.nav === null ? '-' : formatNav(p.nav)}
              </ValueRow>
              <ValueRow label={t('fund.admin.products.languages')}>
                {['en', ...Object.keys(p.translations)].join(', ')}
              </ValueRow>
            </dl>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              data-testid={`fund-product-edit-${p.id}`}
              onClick={() => setEditing(p)}
            >
              {t('fund.admin.products.editButton')}
            </button>
          </div>
        ),
      )}
    </section>
  );
}
