// What `import … from 'zod'` resolves to in the web app (an alias in vite.config.ts): zod itself, set
// to jitless before any module that imports it, @agc/shared's schemas included, builds a schema.
//
// Zod compiles object parsers with `new Function` when the page allows it, and finds out by trying once
// as the first object schema is built. Under the app's Content-Security-Policy (no 'unsafe-eval') that
// try fails, which Zod handles, but the browser still reports a CSP violation on every load. jitless
// skips the try and the compiler: the interpreted parsers are what the policy leaves anyway. A plain
// import at the top of main.tsx is not enough: the bundler runs the chunk holding Zod and the schemas
// before the entry's own code.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
