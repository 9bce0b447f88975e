// Lighthouse-style accessibility checks of a page as the member sees it: axe-core (the engine of Lighthouse's
// accessibility audit) with the WCAG 2.1 A/AA rules, plus the tap-target sizes Lighthouse's SEO audit measures,
// here on the controls a thumb uses most (the tab bar and the primary buttons).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The smallest tap target we accept on the tab bar and primary buttons, in CSS px (WCAG 2.5.5, Apple HIG). */
export const MIN_TAP_PX = 44;
/** Normal text needs 4.5:1 against its background (WCAG 1.4.3 AA). */
export const MIN_CONTRAST = 4.5;

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (first few). */
  targets: string[];
}

export interface TapTarget {
  name: string;
  width: number;
  height: number;
}

export interface A11yReport {
  /** axe rules that ran and passed / failed on this page. */
  rulesPassed: number;
  violations: Violation[];
  /** Controls (buttons, links, inputs) checked for an accessible name, and how many lacked one. */
  namedControls: number;
  unnamedControls: number;
  /** Lowest text contrast ratio axe measured (passing or failing nodes); null when none was measurable. */
  minContrast: number | null;
  /**
   * The contrast of the tab bar's unselected labels, which the spec fixes (#888888 on #3e3e3e, 3.0:1): reported,
   * not counted as a violation (docs/decisions/0090-accessibility.md). Null when the page has no tab bar.
   */
  specTabBarContrast: number | null;
  /** The tab bar items and primary buttons on screen, with their rendered size. */
  tapTargets: TapTarget[];
}

const NAME_RULES = new Set([
  'button-name',
  'link-name',
  'label',
  'input-button-name',
  'select-name',
  'aria-input-field-name',
]);

/** Runs the checks on what `page` shows now. */
export async function auditPage(page: Page): Promise<A11yReport> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // The spec's own tab bar colours: set apart from the violations, reported on their own.
  const inTabBar = (target: unknown[]) =>
    page.evaluate(
      (selector) => Boolean(document.querySelector(selector)?.closest('[data-testid="tab-bar"]')),
      String(target[target.length - 1]),
    );
  let specTabBarContrast: number | null = null;
  for (const v of result.violations.filter((r) => r.id === 'color-contrast')) {
    const kept: typeof v.nodes = [];
    for (const node of v.nodes) {
      if (await inTabBar(node.target)) {
        const ratio = Number((node.any[0]?.data as { contrastRatio?: number } | undefined)?.contrastRatio);
        specTabBarContrast = Math.min(specTabBarContrast ?? ratio, ratio);
      } else kept.push(node);
    }
    v.nodes = kept;
  }
  result.violations = result.violations.filter((v) => v.nodes.length > 0);
  const count = (list: typeof result.passes, rules: Set<string>) =>
    list.filter((r) => rules.has(r.id)).reduce((n, r) => n + r.nodes.length, 0);
  const ratios = [...result.passes, ...result.violations]
    .filter((r) => r.id === 'color-contrast')
    .flatMap((r) => r.nodes)
    .map((n) => Number((n.any[0]?.data as { contrastRatio?: number } | undefined)?.contrastRatio))
    .filter((x) => Number.isFinite(x) && x > 0);
  const tapTargets = await page.evaluate(() => {
    const seen = new Set<Element>();
    const out: { name: string; width: number; height: number }[] = [];
    const selector = '[data-testid="tab-bar"] [data-testid^="tab-"], .btn-primary, .adm-button-primary';
    for (const el of document.querySelectorAll(selector)) {
      if (seen.has(el)) continue;
      seen.add(el);
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      out.push({
        name: `${el.getAttribute('data-testid') ?? el.className.split(' ')[0]}: ${name}`,
        width: box.width,
        height: box.height,
      });
    }
    return out;
  });
  return {
    rulesPassed: result.passes.length,
    violations: result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
    namedControls: count(result.passes, NAME_RULES),
    unnamedControls: count(result.violations, NAME_RULES),
    minContrast: ratios.length ? Math.min(...ratios) : null,
    specTabBarContrast,
    tapTargets,
  };
}

/** Tap targets smaller than MIN_TAP_PX in either dimension. */
export const smallTapTargets = (report: A11yReport) =>
  report.tapTargets.filter((t) => t.height < MIN_TAP_PX - 0.5 || t.width < MIN_TAP_PX - 0.5);

/** Waits for a loaded page's skeletons to go (10 s at most) and its animations to settle, before it is audited. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('.skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/**
 * The accessibility checks of a measured page: no axe violation, every control named, the contrast at least
 * MIN_CONTRAST and no tap target under MIN_TAP_PX. Soft: every page is measured (and its figures printed) even when
 * an earlier one fails.
 */
export function expectClean(report: A11yReport, where: string): void {
  expect.soft(report.violations, `${where}: axe violations`).toEqual([]);
  expect.soft(report.unnamedControls, `${where}: controls without a name`).toBe(0);
  if (report.minContrast != null)
    expect.soft(report.minContrast, `${where}: contrast`).toBeGreaterThanOrEqual(MIN_CONTRAST);
  expect.soft(smallTapTargets(report), `${where}: tap targets under 44 px`).toEqual([]);
}
