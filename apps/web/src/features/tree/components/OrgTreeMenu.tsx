import { useTranslation } from 'react-i18next';
import { MENU_WIDTH, type MenuAction } from '../model/menu.ts';

/** The context menu of a box, placed in the chart (see useNodeMenu). */
export function OrgTreeMenu(props: {
  x: number;
  y: number;
  actions: readonly MenuAction[];
  onAction: (action: MenuAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="org-tree__menu"
      role="menu"
      data-testid="tree-menu"
      style={{ left: props.x, top: props.y, width: MENU_WIDTH }}
    >
      {props.actions.map((action) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          data-testid={`tree-menu-${action}`}
          onClick={() => props.onAction(action)}
        >
          {t(`tree.menu.${action}`)}
        </button>
      ))}
    </div>
  );
}
