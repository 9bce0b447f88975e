import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A list item that opens its detail: a card-looking button over the whole item (`.item-button`), with the
 * feature's own class for its insides.
 */
export function ItemButton({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className={`card item-button ${className ?? ''}`.trim()} {...rest} />;
}

/** A label and its value on one line of an item button (`.order-item-row`, or the feature's own row class). */
export function ItemRow({
  label,
  testId,
  className = 'order-item-row',
  children,
}: {
  label: ReactNode;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span className={className}>
      <span className="muted">{label}</span>
      <span data-testid={testId}>{children}</span>
    </span>
  );
}
