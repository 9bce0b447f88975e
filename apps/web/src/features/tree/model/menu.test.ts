import { describe, expect, it } from 'vitest';
import { menuActions } from './menu.ts';

describe('context menu rules', () => {
  it('offers add, edit and delete only when neither the tree nor the node is disabled', () => {
    expect(menuActions(false, {})).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(false, { disabled: false })).toEqual(['copy', 'add', 'edit', 'delete']);
    expect(menuActions(true, {})).toEqual(['copy']);
    expect(menuActions(false, { disabled: true })).toEqual(['copy']);
    expect(menuActions(true, { disabled: true })).toEqual(['copy']);
  });
});
