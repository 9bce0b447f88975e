// The NAV form's reading: a decimal with up to 8 places, above zero (the server says the same, translated).
export type NavProblem = 'required' | 'invalid' | 'decimals' | 'not_positive' | 'day_required';

export type NavReading = { ok: true; nav: string } | { ok: false; problem: NavProblem };

export const navProblemKey = (problem: NavProblem) => `fund.admin.nav.errors.${problem}`;

export function readNav(input: string): NavReading {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  const m = /^-?(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, problem: 'invalid' };
  if ((m[2] ?? '').length > 8) return { ok: false, problem: 'decimals' };
  if (text.startsWith('-') || !/[1-9]/.test(text)) return { ok: false, problem: 'not_positive' };
  return { ok: true, nav: text };
}
