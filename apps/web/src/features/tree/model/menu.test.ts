import { describe, expect, it } from 'vitest';
import { MENU_WIDTH, menuActions, menuPosition } from './menu.ts';

describe('context menu rules', () => {
  it('offers add, edit and delete only when neither the tree nor the node is disabled', () => {
    expect(menuActions(false, {})).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(false, { disabled: false })).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(true, {})).toEqual(['copy']);
    expect(menuActions(false, { disabled: true })).toEqual(['copy']);
    expect(menuActions(true, { disabled: true })).toEqual(['copy']);
  });

  it('opens where pressed, kept 4 px inside the chart with room for its four items', () => {
    const chart = { left: 10, top: 20, width: 390, height: 600 };
    expect(menuPosition({ x: 110, y: 120 }, chart)).toEqual({ x: 100, y: 100 });
    expect(menuPosition({ x: 0, y: 0 }, chart)).toEqual({ x: 4, y: 4 });
    expect(menuPosition({ x: 1000, y: 1000 }, chart)).toEqual({ x: 390 - MENU_WIDTH - 4, y: 600 - 176 - 4 });
  });
});
