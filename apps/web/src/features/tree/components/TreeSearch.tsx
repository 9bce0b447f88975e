import type { Relation } from '@agc/shared';
import { errorText } from '@web/lib/errors.ts';
import { ApiError } from '@web/lib/request.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelationSearch } from '../api/get-relation.ts';
import { validateSearchAddress } from '../model/member-tree.ts';

type Message = { kind: 'error' | 'info'; text: string };

/** Whether a relation lookup failed because the address is outside the member's subtree. */
export const isNotInTeam = (error: unknown) =>
  error instanceof ApiError && (error.code === 404 || error.status === 404);

/**
 * Search by invitation address (required, spec section 5): me/relation finds the path to the member,
 * then `onFound` opens the chart down to it.
 */
export function TreeSearch({ onFound }: { onFound: (relation: Relation) => Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const search = useRelationSearch();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateSearchAddress(value);
    if ('problem' in checked) {
      setMessage({
        kind: 'error',
        text: t(checked.problem === 'required' ? 'tree.search.required' : 'tree.search.invalid'),
      });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const relation = await search.mutateAsync(checked.address);
      await onFound(relation);
      setMessage({
        kind: 'info',
        text: relation.truncated
          ? t('tree.search.foundDeep', { distance: relation.distance })
          : t('tree.search.found', { distance: relation.distance }),
      });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: isNotInTeam(error) ? t('tree.search.notInTeam') : errorText(error, t),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tree-search">
      <form className="tree-search__form" onSubmit={(e) => void submit(e)} noValidate>
        <input
          className="tree-search__input"
          data-testid="tree-search-input"
          value={value}
          maxLength={140}
          placeholder={t('tree.search.placeholder')}
          aria-label={t('tree.search.placeholder')}
          aria-invalid={message?.kind === 'error' ? true : undefined}
          aria-describedby={message ? 'tree-search-message' : undefined}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(e) => setValue(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary tree-search__submit"
          data-testid="tree-search-submit"
          disabled={busy}
        >
          {t('tree.search.submit')}
        </button>
      </form>
      {message && (
        <p
          id="tree-search-message"
          className={message.kind === 'error' ? 'field-error' : 'tree-search__message'}
          data-testid="tree-search-message"
          data-kind={message.kind}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
