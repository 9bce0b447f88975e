// Context menu rules (spec sections 2 and 6): copy always; add, edit and delete only when neither the
// tree nor the node is disabled.

export type MenuAction = 'copy' | 'add' | 'edit' | 'delete';

export function menuActions(treeDisabled: boolean, node: { disabled?: boolean }): MenuAction[] {
  return treeDisabled || node.disabled ? ['copy'] : ['copy', 'add', 'edit', 'delete'];
}

/**
 * Copies text: the Clipboard API, else the old execCommand route; false when the browser can do
 * neither (the caller shows "browser not supported").
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // denied or not focused: try the legacy route
    }
  }
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
