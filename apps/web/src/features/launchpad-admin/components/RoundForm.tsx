import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { DateField } from '@web/components/DateField.tsx';
import { FieldError, FormError } from '@web/components/FormMessages.tsx';
import { errorText } from '@web/lib/errors.ts';
import { toast } from '@web/lib/ui.ts';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLaunchpadRound } from '../api/get-admin-rounds.ts';
import { useSaveLaunchpadRound } from '../api/post-admin-round.ts';
import {
  deviceMinuteOf,
  EMPTY_ROUND_DRAFT,
  instantOf,
  type RoundDraft,
  type RoundField,
  readRoundDraft,
  roundDraftOf,
} from '../model/round-form.ts';
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
 * A new round, or an upcoming one edited (`round`: the form starts with its terms; the server refuses once it has
 * opened): name, description (English; other languages as JSON), copies (200 by default), price per copy, AGC
 * per copy, per-member limit, start and end (UTC, YYYY-MM-DD HH:mm, each also shown on this device), cliff and
 * linear days. A message about a field shows under it; the server's refusal under the form.
 */
export function RoundForm({ round, onDone }: { round?: AdminLaunchpadRound; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RoundDraft>(() => (round ? roundDraftOf(round) : EMPTY_ROUND_DRAFT));
  /** Each field's own message (all at once), and the server's refusal of the whole form. */
  const [problems, setProblems] = useState<Partial<Record<RoundField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveLaunchpadRound();
  const set = (key: RoundField, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblems(({ [key]: _, ...rest }) => rest);
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reading = readRoundDraft(draft, round);
    if (!reading.ok) {
      setProblems(
        Object.fromEntries(
          Object.entries(reading.problems).map(([f, p]) => [
            f,
            t(`launchpad.admin.errors.${p.key}`, { ...p.values }),
          ]),
        ),
      );
      return;
    }
    try {
      await save.mutateAsync({ id: round?.id ?? null, body: reading.body });
      void toast(t(round ? 'launchpad.admin.updated' : 'launchpad.admin.created'));
      onDone();
    } catch (e) {
      setFormError(errorText(e, t));
    }
  };

  const id = (key: string) => `lp-round-${key}`;
  const fieldError = (key: RoundField) => (
    <FieldError id={`${id(key)}-error`} error={problems[key]} testId={`lp-round-error-${key}`} />
  );
  /** The input's link to its message, while it has one. */
  const described = (key: RoundField) =>
    problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {};
  const timeField = (key: 'starts_at' | 'ends_at') => {
    const instant = instantOf(draft[key]);
    return (
      <Fragment key={key}>
        <DateField
          label={t(`launchpad.admin.fields.${key}`)}
          value={draft[key] || null}
          precision="minute"
          pickerLabel={t('launchpad.admin.pickTime', { field: t(`launchpad.admin.fields.${key}`) })}
          onChange={(v) => set(key, v)}
          error={problems[key] ?? null}
          testId={id(key)}
        />
        {instant && (
          <small className="muted lp-device-time" data-testid={`${id(key)}-device`}>
            {t('launchpad.admin.deviceTime', { time: deviceMinuteOf(instant) })}
          </small>
        )}
      </Fragment>
    );
  };

  return (
    <form
      className="card form lp-round-form"
      data-testid="lp-round-form"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 className="card-title">
        {round ? t('launchpad.admin.editTitle', { name: round.name }) : t('launchpad.admin.create')}
      </h3>
      {FIELDS.map(({ key, kind }) =>
        kind === 'time' ? (
          timeField(key as 'starts_at' | 'ends_at')
        ) : (
          <Fragment key={key}>
            <label htmlFor={id(key)}>
              <span>{t(`launchpad.admin.fields.${key}`)}</span>
              {kind === 'text' || kind === 'json' ? (
                <textarea
                  id={id(key)}
                  className={kind === 'json' ? 'input lp-textarea lp-json' : 'input lp-textarea'}
                  data-testid={id(key)}
                  rows={kind === 'json' ? 4 : 3}
                  spellCheck={kind !== 'json'}
                  {...described(key)}
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              ) : (
                <input
                  id={id(key)}
                  className="input"
                  data-testid={id(key)}
                  type="text"
                  inputMode={kind === 'int' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined}
                  autoComplete="off"
                  {...described(key)}
                  value={draft[key]}
                  onChange={(e) => set(key, e.target.value)}
                />
              )}
              {kind === 'json' && <small className="muted">{t('launchpad.admin.translationsHint')}</small>}
            </label>
            {fieldError(key)}
          </Fragment>
        ),
      )}
      <p className="muted small">{t('launchpad.admin.timeHint')}</p>
      <FormError error={formError} testId="lp-round-error" />
      <div className="actions">
        <BlockButton variant="primary" type="submit" testId="lp-round-save" busy={save.isPending}>
          {t(round ? 'launchpad.admin.saveChanges' : 'launchpad.admin.save')}
        </BlockButton>
        <CancelButton variant="secondary" onClick={onDone} />
      </div>
    </form>
  );
}
