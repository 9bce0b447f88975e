import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installAntdRender } from '../lib/ui.ts';

installAntdRender();

afterEach(() => {
  if (typeof document === 'undefined') return; // files that run in the node environment
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
