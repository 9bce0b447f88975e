import type { ButtonHTMLAttributes } from 'react';

/**
 * A list item that opens its detail: a card-looking button over the whole item (`.item-button`), with the
 * feature's own class for its insides.
 */
export function ItemButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className={`card item-button ${className ?? ''}`.trim()} {...rest} />;
}
