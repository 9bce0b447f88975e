// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The spec's English names Binance Smart Chain for fund payments, its other languages Arbitrum: the app renders
// the configured network (config funds.payment_network) instead, so no translation may name a chain of its own.
describe('fund payment network in the translations', () => {
  it('no web or API translation names Binance or BSC', () => {
    for (const kind of ['web', 'api']) {
      const dir = new URL(`../../../../../../packages/shared/locales/${kind}/`, import.meta.url);
      const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(files.length).toBe(12);
      for (const file of files) {
        const text = readFileSync(new URL(file, dir), 'utf8');
        expect(text, `${kind}/${file}`).not.toMatch(/binance|\bBSC\b/i);
      }
    }
  });

  it('the network line is one text with the network as a placeholder in every language', () => {
    const dir = new URL('../../../../../../packages/shared/locales/web/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const line = JSON.parse(readFileSync(new URL(file, dir), 'utf8')).fund.buy.network as string;
      expect(line, file).toContain('{{network}}');
      expect(line.replace('{{network}}', ''), file).not.toMatch(/arbitrum|ethereum|chain/i);
    }
  });
});
