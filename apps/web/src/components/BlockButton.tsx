import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const VARIANT_CLASS = {
  primary: 'btn btn-primary btn-block',
  secondary: 'btn btn-secondary btn-block',
  link: 'btn btn-link btn-block',
  danger: 'btn btn-link btn-block danger',
} as const;

/**
 * A full-width button of a form, sheet or action list. `busy`: the action it starts runs (disabled, `aria-busy`,
 * and it says `busyLabel`, "Loading…" unless given, or keeps its text with `keepLabel`); `disabled`: off for another
 * reason (an invalid form, another action running). `danger` is a link-styled destructive action.
 */
export function BlockButton(props: {
  variant: keyof typeof VARIANT_CLASS;
  testId?: string;
  type?: 'button' | 'submit';
  busy?: boolean;
  busyLabel?: ReactNode;
  keepLabel?: boolean;
  disabled?: boolean;
  /** A class of the page's own beside the variant's. */
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { busy } = props;
  const base = VARIANT_CLASS[props.variant];
  return (
    <button
      type={props.type ?? 'button'}
      className={props.className ? `${base} ${props.className}` : base}
      data-testid={props.testId}
      disabled={busy || props.disabled}
      aria-busy={busy}
      onClick={props.onClick}
    >
      {busy && !props.keepLabel ? (props.busyLabel ?? t('common.loading')) : props.children}
    </button>
  );
}

/** Cancel: closes a sheet or form without acting (a link, or `secondary` beside a form's main button). */
export function CancelButton(props: {
  testId?: string;
  variant?: 'link' | 'secondary';
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BlockButton
      variant={props.variant ?? 'link'}
      testId={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {t('common.cancel')}
    </BlockButton>
  );
}
