import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled password input of the wallet's forms. */
export function PasswordField(props: {
  label: string;
  testId: string;
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <input
        className="input"
        type="password"
        data-testid={props.testId}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** A form's submit button: disabled and saying "Loading" while an action runs. */
export function SubmitButton({ testId, busy, label }: { testId: string; busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary btn-block" data-testid={testId} disabled={busy}>
      {busy ? t('common.loading') : label}
    </button>
  );
}

/** The last action's failure, in words. */
export function ActionError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="error-text" role="alert" data-testid="local-error">
      {error}
    </p>
  );
}

/** A full-width button of the wallet page (`danger`: a link-styled destructive action). */
export function WalletButton(props: {
  testId: string;
  variant: 'primary' | 'secondary' | 'danger';
  onClick: () => void;
  children: ReactNode;
}) {
  const style = props.variant === 'danger' ? 'btn-link btn-block danger' : `btn-${props.variant} btn-block`;
  return (
    <button type="button" className={`btn ${style}`} data-testid={props.testId} onClick={props.onClick}>
      {props.children}
    </button>
  );
}
