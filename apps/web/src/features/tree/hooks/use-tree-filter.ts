// The toolbar's filter (spec section 2): a field that hides the nodes that neither match nor lead to a
// match, as it is typed; closing it with a value shows everything again.
import { type RefObject, useCallback, useState } from 'react';
import type { ChartState } from '../components/org-tree-types.ts';
import { FILTER_METHOD_REQUIRED, filterTree, type OrgNodeBase } from '../model/tree.ts';

export function useTreeFilter<N extends OrgNodeBase>(latest: RefObject<ChartState<N>>) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');

  /** Filters the tree by `value` (the handle's filter too). Throws without `filterNodeMethod`. */
  const run = useCallback(
    (text: string) => {
      const { acc: a, props: p } = latest.current;
      if (!p.filterNodeMethod) throw new Error(FILTER_METHOD_REQUIRED);
      const method = p.filterNodeMethod;
      p.onChange((d) => filterTree(d, text, a, method));
    },
    [latest],
  );

  const toggleOpen = () => {
    if (open && value) {
      setValue('');
      run('');
    }
    setOpen(!open);
  };

  const change = (text: string) => {
    setValue(text);
    run(text.trim());
  };

  return { open, value, run, toggleOpen, change };
}
