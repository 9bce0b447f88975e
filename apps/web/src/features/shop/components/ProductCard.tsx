import type { Product } from '@agc/shared';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { productImage } from '../product-art.ts';
import '../shop.css';

/** A product of the shop: its artwork, name and description (in the member's language), USDT price and Buy. */
export function ProductCard({
  product,
  buying,
  onBuy,
}: {
  product: Product;
  /** Its quote is being read (Buy). */
  buying: boolean;
  onBuy: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const available = product.status === 'on';
  return (
    <article className="card product" data-testid={`shop-product-${product.id}`}>
      <img className="product-image" src={productImage(product)} alt="" loading="lazy" />
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
