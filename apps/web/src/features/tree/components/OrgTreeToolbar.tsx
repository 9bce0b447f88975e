import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const icon = (path: ReactNode) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    {path}
  </svg>
);

const ICONS = {
  zoomIn: icon(<path d="M12 5v14M5 12h14" strokeLinecap="round" />),
  zoomOut: icon(<path d="M5 12h14" strokeLinecap="round" />),
  restore: icon(
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.7" strokeLinecap="round" />
      <path d="M4 4v4h4" strokeLinecap="round" strokeLinejoin="round" />
    </>,
  ),
  expandAll: icon(
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M12 8v8M8 12h8" strokeLinecap="round" />
    </>,
  ),
  collapseAll: icon(
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M8 12h8" strokeLinecap="round" />
    </>,
  ),
  fullscreen: icon(
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />,
  ),
  exitFullscreen: icon(
    <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" strokeLinecap="round" strokeLinejoin="round" />,
  ),
  filter: icon(<path d="M4 5h16l-6 8v5l-4 2v-7z" strokeLinejoin="round" />),
};

export interface ToolbarProps {
  scale: number;
  fullscreen: boolean;
  filterable: boolean;
  filterOpen: boolean;
  onZoom: (direction: 1 | -1) => void;
  onRestore: () => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onFullscreen: () => void;
  onFilterToggle: () => void;
}

function ToolButton(props: {
  testId: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="org-tree__tool"
      data-testid={props.testId}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

export function OrgTreeToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="org-tree__toolbar" role="toolbar" aria-label={t('tree.toolbar')}>
      <ToolButton
        testId="tree-zoom-out"
        label={t('tree.zoomOut')}
        onClick={() => props.onZoom(-1)}
        disabled={props.scale <= 0.3}
      >
        {ICONS.zoomOut}
      </ToolButton>
      <span className="org-tree__zoom" data-testid="tree-zoom-level" data-zoom={props.scale}>
        {Math.round(props.scale * 100)}%
      </span>
      <ToolButton
        testId="tree-zoom-in"
        label={t('tree.zoomIn')}
        onClick={() => props.onZoom(1)}
        disabled={props.scale >= 3}
      >
        {ICONS.zoomIn}
      </ToolButton>
      <ToolButton testId="tree-restore" label={t('tree.restore')} onClick={props.onRestore}>
        {ICONS.restore}
      </ToolButton>
      <ToolButton testId="tree-expand-all" label={t('tree.expandAll')} onClick={props.onExpandAll}>
        {ICONS.expandAll}
      </ToolButton>
      <ToolButton testId="tree-collapse-all" label={t('tree.collapseAll')} onClick={props.onCollapseAll}>
        {ICONS.collapseAll}
      </ToolButton>
      {props.filterable && (
        <ToolButton
          testId="tree-filter-toggle"
          label={t('tree.filter')}
          onClick={props.onFilterToggle}
          pressed={props.filterOpen}
        >
          {ICONS.filter}
        </ToolButton>
      )}
      <ToolButton
        testId="tree-fullscreen"
        label={props.fullscreen ? t('tree.exitFullscreen') : t('tree.fullscreen')}
        onClick={props.onFullscreen}
        pressed={props.fullscreen}
      >
        {props.fullscreen ? ICONS.exitFullscreen : ICONS.fullscreen}
      </ToolButton>
    </div>
  );
}

/** The filter field under the toolbar (shown while the filter is open). */
export function OrgTreeFilterField(props: {
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const placeholder = props.placeholder ?? t('tree.filter');
  return (
    <div className="org-tree__filter">
      <input
        type="search"
        data-testid="tree-filter-input"
        value={props.value}
        maxLength={140}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
