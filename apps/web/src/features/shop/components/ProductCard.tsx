import type { Product } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '../../../lib/format.ts';

/** A product of the shop: image, name, description, price in USDT and its Buy button. */
export function ProductCard({
  product,
  buying,
  onBuy,
}: {
  product: Product;
  /** An order for this product is being created. */
  buying: boolean;
  onBuy: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const available = product.status === 'on';
  return (
    <article className="card product" data-testid={`shop-product-${product.id}`}>
      {product.image_url ? (
        <img className="product-image" src={product.image_url} alt={product.name} loading="lazy" />
      ) : (
        <div className="product-image product-image--empty" aria-hidden="true" />
      )}
      <div className="product-body">
        <h3 className="product-name">{product.name}</h3>
        <p className="muted product-description">{product.description}</p>
        <div className="product-footer">
          <span className="product-price" data-testid="shop-price">
            {formatUsdt(product.price_usdt)}
          </span>
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid={`shop-buy-${product.id}`}
            disabled={!available || buying}
            aria-busy={buying}
            onClick={() => onBuy(product)}
          >
            {available ? t('shop.buy') : t('shop.unavailable')}
          </button>
        </div>
      </div>
    </article>
  );
}
