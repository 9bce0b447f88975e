import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { toast } from '../../../lib/ui.ts';
import { useCreateLaunchpadRound } from '../api/post-admin-round.ts';
import { EMPTY_ROUND_DRAFT, type RoundDraft, type RoundField, readRoundDraft } from '../model/round-form.ts';
import '../launchpad-admin.css';

const FIELDS: readonly { key: RoundField; kind?: 'int' | 'decimal' | 'time' | 'text' | 'json' }[] = [
  { key: 'name' },
  { key: 'description', kind: 'text' },
  { key: 'translations', kind: 'json' },
  { key: 'copies', kind: 'int' },
  { key: 'price_usdt', kind: 'decimal' },
  { key: 'agc_per_copy', kind: 'decimal' },
  { key: 'per_member_limit', kind: 'int' },
  { key: 'starts_at', kind: 'time' },
  { key: 'ends_at', kind: 'time' },
  { key: 'cliff_days', kind: 'int' },
  { key: 'linear_days', kind: 'int' },
];

/**
 * A new round: name, description (English; other languages as JSON), copies (200 by default), price per copy, AGC per copy, per-member limit, start
 * and end (the device's time), cliff and linear days. Which field is wrong, or the server's message, shows
 * under the form.
 */
export function RoundForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RoundDraft>(EMPTY_ROUND_DRAFT);
  const [error, setError] = useState<{ text: string; field: RoundField | null } | null>(null);
  const create = useCreateLaunchpadRound();
  const set = (key: RoundField, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reading = readRoundDraft(draft);
    if (!reading.ok) {
      const field = t(`launchpad.admin.fields.${reading.field}`);
      setError({
        field: reading.field,
        text:
          reading.reason === 'invalid'
            ? t('launchpad.admin.invalidField', { field })
            : t(`launchpad.admin.${reading.reason}`),
      });
      return;
    }
    try {
      await create.mutateAsync(reading.body);
      void toast(t('launchpad.admin.created'));
      onDone();
    } catch (e) {
      setError({ field: null, text: errorText(e, t) });
    }
  };

  const id = (key: string) => `lp-round-${key}`;
  return (
    <form
      className="card form lp-round-form"
      data-testid="lp-round-form"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 className="card-title">{t('launchpad.admin.create')}</h3>
      {FIELDS.map(({ key, kind }) => (
        <label key={key} htmlFor={id(key)}>
          <span>{t(`launchpad.admin.fields.${key}`)}</span>
          {kind === 'text' || kind === 'json' ? (
            <textarea
              id={id(key)}
              className={kind === 'json' ? 'input lp-textarea lp-json' : 'input lp-textarea'}
              data-testid={id(key)}
              rows={kind === 'json' ? 4 : 3}
              spellCheck={kind !== 'json'}
              aria-invalid={error?.field === key}
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          ) : (
            <input
              id={id(key)}
              className="input"
              data-testid={id(key)}
              type={kind === 'time' ? 'datetime-local' : 'text'}
              inputMode={kind === 'int' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined}
              autoComplete="off"
              aria-invalid={error?.field === key}
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          )}
          {kind === 'json' && <small className="muted">{t('launchpad.admin.translationsHint')}</small>}
        </label>
      ))}
      <p className="muted small">{t('launchpad.admin.timeHint')}</p>
      {error && (
        <p className="error-text" role="alert" data-testid="lp-round-error">
          {error.text}
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="btn btn-primary btn-block"
          data-testid="lp-round-save"
          disabled={create.isPending}
        >
          {create.isPending ? t('common.loading') : t('launchpad.admin.save')}
        </button>
        <button type="button" className="btn btn-secondary btn-block" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
