// How to load every page but login, each a chunk of its own (keys: './pages/<page>', page-table.ts names them). Not in
// the app's first files (it comes with lazy-shell.ts): with each loader go the files its page needs (preloaded beside
// it), a list the login page does not need to paint.
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

export const PAGES = import.meta.glob<PageModule>(['./pages/**/*Page.tsx', '!./pages/login/**']);
