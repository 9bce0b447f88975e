// The product artwork shipped with the app (hand-made SVG, one per hash-power tier): the server names it by
// `image_key`; a product with an `image_url` of its own shows that instead, one with neither the generic art.
import type { Product } from '@agc/shared';
import builder from '@web/assets/products/builder.svg';
import generic from '@web/assets/products/generic.svg';
import premier from '@web/assets/products/premier.svg';
import pro from '@web/assets/products/pro.svg';
import starter from '@web/assets/products/starter.svg';

const ART: Record<string, string> = { starter, builder, pro, premier };

/** The image the app shows for a product: its own URL, else its shipped artwork, else the generic one. */
export const productImage = (product: Pick<Product, 'image_url' | 'image_key'>): string =>
  product.image_url || ART[product.image_key] || generic;
