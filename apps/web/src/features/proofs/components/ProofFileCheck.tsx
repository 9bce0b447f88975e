import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerdict } from '../hooks/use-verdict.ts';
import { parseProofText, type ReadSource } from '../model/verify.ts';
import { VerdictCard } from './VerdictCard.tsx';

/**
 * Checks a proof file the member chooses (one downloaded earlier, or given by anyone): read here, verified here
 * against the chain, for the signed-in address. A file that is not JSON is said to be malformed.
 */
export function ProofFileCheck({
  source,
  member,
  chainId,
  contract,
}: {
  source: ReadSource | null;
  member: string | undefined;
  chainId: number | undefined;
  contract: string | null;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; value: unknown } | null>(null);
  const [notJson, setNotJson] = useState<string | null>(null);
  const verdict = useVerdict(file?.value, file ? source : null, {
    member,
    chainId,
    attestationAddress: contract ?? undefined,
  });
  const choose = async (chosen: File | undefined) => {
    setFile(null);
    setNotJson(null);
    if (!chosen) return;
    const parsed = parseProofText(await chosen.text());
    if (parsed.ok) setFile({ name: chosen.name, value: parsed.value });
    else setNotJson(parsed.detail);
  };
  return (
    <section className="card por-card" aria-labelledby="por-file-title">
      <h3 className="card-title" id="por-file-title">
        {t('por.checkFile')}
      </h3>
      <p className="muted small">{t('por.checkFileHint')}</p>
      <input
        type="file"
        accept="application/json,.json"
        data-testid="por-file"
        aria-label={t('por.checkFile')}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {file && <p className="small">{t('por.fileName', { name: file.name })}</p>}
      {notJson !== null && (
        <VerdictCard
          testId="por-file-verdict"
          pending={false}
          contract={contract}
          verdict={{ ok: false, reason: 'malformed', detail: notJson }}
        />
      )}
      {file && (
        <VerdictCard
          testId="por-file-verdict"
          pending={verdict.isPending}
          verdict={verdict.data}
          contract={contract}
        />
      )}
    </section>
  );
}
