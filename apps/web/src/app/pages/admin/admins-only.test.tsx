import { screen } from '@testing-library/react';
import { ROUTE_TABLE } from '@web/lib/route-table.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { CONFIG, renderPage } from '@web/test/render.tsx';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../router.tsx';

// A member who types an admin URL sees 'Admins only' on every admin page. Every route of the table whose
// key starts with `admin` is opened, so that a new admin page is covered without touching this test. The server's
// side (403 on every admin API for a member) is apps/server/test/roles-api.test.ts.

const ADMIN_ROUTES = ROUTE_TABLE.filter((r) => r.key.startsWith('admin'));

/** A member without roles: the server answers 403 to every admin API, as it does (roles-api.test.ts). */
function memberServer() {
  useAuthStore.setState({ token: 'tok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body = path.startsWith('/api/v1/admin/')
        ? { code: 403, msg: 'You do not have permission to do this', data: null }
        : path === '/api/v1/me'
          ? { code: 200, msg: 'ok', data: makeMe({ roles: [] }) }
          : path === '/api/v1/config'
            ? { code: 200, msg: 'ok', data: CONFIG }
            : { code: 404, msg: 'Not found', data: null };
      return new Response(JSON.stringify(body), {
        status: body.code === 200 ? 200 : body.code,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

async function pageOf(path: string): Promise<ComponentType> {
  const route = routes[0]?.children?.find((r) => r.path === path);
  if (route?.Component) return route.Component;
  const lazy = route?.lazy;
  if (typeof lazy !== 'function') throw new Error(`no page for ${path}`);
  const loaded = (await lazy()) as { Component: ComponentType };
  return loaded.Component;
}

afterEach(cleanupPage);

describe("'Admins only' on every admin page", () => {
  it('finds the admin routes of the table (the ten admin pages at least)', () => {
    const keys = ADMIN_ROUTES.map((r) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(10);
    for (const key of [
      'adminWithdrawAudit',
      'adminRoles',
      'adminAuditLog',
      'adminAnalytics',
      'adminSolvency',
    ])
      expect(keys).toContain(key);
  });

  it.each(ADMIN_ROUTES.map((r) => [r.key, r.path] as const))(
    '%s (%s) says Admins only to a member',
    async (_key, path) => {
      memberServer();
      const Page = await pageOf(path);
      renderPage(<Page />, path);
      const text = await screen.findByText(/^Admins only/, undefined, { timeout: 3000 });
      expect(text.textContent).toMatch(/^Admins only: you do not have permission to /);
    },
  );
});
