import { ChevronIcon } from '@web/components/Icons.tsx';
import { Fragment, type ReactNode } from 'react';

export interface MenuEntry {
  testId: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  busy?: boolean;
}

export interface MenuSection {
  heading?: string;
  items: MenuEntry[];
}

function MenuItem({ testId, label, onClick, danger, disabled, busy }: MenuEntry) {
  return (
    <li>
      <button
        type="button"
        className={danger ? 'menu-item menu-item--danger' : 'menu-item'}
        data-testid={testId}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        <span>{label}</span>
        {!danger && <ChevronIcon />}
      </button>
    </li>
  );
}

/** The account page's menu: its sections, each with an optional heading, in one card per section. */
export function AccountMenu({ sections }: { sections: MenuSection[] }) {
  return sections.map((section) => (
    <Fragment key={section.items[0]?.testId}>
      {section.heading && <p className="menu-heading">{section.heading}</p>}
      <ul className="menu card">
        {section.items.map((item) => (
          <MenuItem key={item.testId} {...item} />
        ))}
      </ul>
    </Fragment>
  ));
}
