// Node 20 lacks Map.groupBy / Object.groupBy (Node 21+), which vitest 5's reporter uses when a test
// fails. Loaded with NODE_OPTIONS="--import ./scripts/node20-polyfills.mjs" by the test scripts.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key));
}
