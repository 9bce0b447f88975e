import { useTranslation } from 'react-i18next';
import type { MemberOrgNode } from '../model/member-tree.ts';

/**
 * Said after "Expand all" when the whole team would only fit as unreadable blocks: the chart stays readable on its
 * root, and each branch (the left one on the left) can be opened on its own.
 */
export function TooWideNotice({
  branches,
  onFocus,
  onDismiss,
}: {
  branches: MemberOrgNode[];
  onFocus: (node: MemberOrgNode) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tree-notice tree-too-wide" data-testid="tree-too-wide" role="status">
      <p>{t('tree.tooWide')}</p>
      <div className="tree-too-wide__actions">
        {branches.map((b) => (
          <button
            key={b.id}
            type="button"
            className="btn btn-secondary"
            data-testid={`tree-focus-${b.member?.side ?? b.id}`}
            onClick={() => onFocus(b)}
          >
            {t(b.member?.side === 'right' ? 'tree.focusRight' : 'tree.focusLeft')}
          </button>
        ))}
        <button type="button" className="btn btn-link" data-testid="tree-too-wide-close" onClick={onDismiss}>
          {t('tree.tooWideKeep')}
        </button>
      </div>
    </div>
  );
}
