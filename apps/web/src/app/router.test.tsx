import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NOT_FOUND_HANDLE, ROUTE_TABLE, type RouteHandle } from '@web/lib/route-table.ts';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError.tsx';
import { routes } from './router.tsx';

describe('routes', () => {
  const children = routes[0]?.children ?? [];

  it('declares every route of the table with its handle, a guard loader and an error element', () => {
    expect(children).toHaveLength(ROUTE_TABLE.length + 1);
    ROUTE_TABLE.forEach((def, i) => {
      const route = children[i];
      const { path: _path, ...handle } = def;
      expect(route?.path).toBe(def.path);
      expect(route?.handle as RouteHandle).toEqual(handle);
      expect(typeof route?.loader).toBe('function');
      expect(route?.errorElement).toBeTruthy();
    });
    expect(children.at(-1)).toMatchObject({ path: '*', handle: NOT_FOUND_HANDLE });
  });

  it('bundles only login; every other page (the tab roots too) is lazy', () => {
    const eager = children.filter((r) => r.Component).map((r) => (r.handle as RouteHandle).name);
    expect([...new Set(eager)].sort()).toEqual(['login']);
    for (const r of children) expect(Boolean(r.Component) !== Boolean(r.lazy)).toBe(true);
  });
});

describe('page load failure', () => {
  it('shows a click-to-reload message', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
      ],
      { initialEntries: ['/'] },
    );
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<RouterProvider router={router} />);
      await waitFor(() =>
        expect(screen.getByTestId('page-load-error').textContent).toBe(
          'This page failed to load. Tap here to reload.',
        ),
      );
      fireEvent.click(screen.getByTestId('page-load-error'));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
      error.mockRestore();
    }
  });
});
