import { screen } from '@testing-library/react';
import { ROUTE_TABLE } from '@web/lib/route-table.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../router.tsx';

// A member who types an admin URL sees 'Admins only' on every admin page. Every route of the table whose
// key starts with `admin` is opened, so that a new admin page is covered without touching this test. The server's
// side (403 on every admin API for a member) is apps/server/test/roles-api.test.ts.

const ADMIN_ROUTES = ROUTE_TABLE.filter((r) => r.key.startsWith('admin'));
const REFUSAL = 'You do not have permission to do this';

/**
 * What each admin page says, where (its test id): "Admins only: you do not have permission to <text>", in place of
 * the page, whose parts named in `absent` are not shown.
 */
const SAID: Record<string, { testId: string; text: string; absent?: string[] }> = {
  adminAnalytics: { testId: 'analytics-no-permission', text: 'see analytics.' },
  adminAuditLog: { testId: 'audit-log-no-permission', text: 'read the audit log.' },
  adminOrderAudit: { testId: 'audit-no-permission', text: 'audit orders.', absent: ['audit-tab-Verifying'] },
  adminWithdrawAudit: {
    testId: 'withdraw-audit-no-permission',
    text: 'audit withdrawals.',
    absent: ['withdraw-audit-tab-Auditing', 'withdraw-audit-address'],
  },
  adminFundRedemptions: { testId: 'fund-admin-no-permission', text: 'manage funds.' },
  adminFunds: { testId: 'fund-admin-no-permission', text: 'manage funds.', absent: ['fund-nav-3'] },
  adminIncidents: { testId: 'incidents-no-permission', text: 'decide chain incidents.' },
  adminLaunchpad: { testId: 'lp-admin-no-permission', text: 'manage launchpad rounds.' },
  adminProofs: { testId: 'por-admin-no-permission', text: 'see the proof-of-liabilities snapshots.' },
  adminRewardDistribution: {
    testId: 'settlement-no-permission',
    text: 'distribute rewards.',
    absent: ['settlement-day'],
  },
  adminRoles: { testId: 'roles-no-permission', text: 'manage roles.' },
  adminSolvency: { testId: 'solvency-no-permission', text: 'see the solvency view.' },
};

/** A member without roles: the server answers 403 to every admin API, as it does (roles-api.test.ts). */
function memberServer() {
  useAuthStore.setState({ token: 'tok' });
  stubApi(
    { 'GET /api/v1/me': () => ok(makeMe({ roles: [] })), 'GET /api/v1/config': () => ok(CONFIG) },
    (url) => (url.pathname.startsWith('/api/v1/admin/') ? fail(403, REFUSAL) : fail(404, 'Not found')),
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
    expect(Object.keys(SAID).sort()).toEqual([...keys].sort());
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

  it.each(Object.entries(SAID))(
    '%s says it in its own place, once: no toast of the refusal on top, nothing of the page behind it',
    async (key, { testId, text, absent = [] }) => {
      memberServer();
      const path = ADMIN_ROUTES.find((r) => r.key === key)?.path ?? '';
      const Page = await pageOf(path);
      renderPage(<Page />, path);
      const said = await screen.findByTestId(testId, undefined, { timeout: 3000 });
      expect(said.textContent).toBe(`Admins only: you do not have permission to ${text}`);
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByText(REFUSAL)).toBeNull();
      for (const part of absent) expect(screen.queryByTestId(part)).toBeNull();
    },
  );
});
