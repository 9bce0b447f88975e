import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '../hooks/use-local-wallet.tsx';

/** The percentage scrypt has reached, or null while nothing measures the step (PBKDF2, then the key's encryption). */
const percentOf = (progress: ImportProgress) =>
  progress.phase === 'decrypt' && progress.fraction !== null ? Math.floor(progress.fraction * 100) : null;

/** What runs now, in words: "Decrypting…", "Decrypting the file… 40%", "Encrypting the key for this browser…". */
function importProgressLabel(progress: ImportProgress, t: TFunction): string {
  if (progress.phase === 'store') return t('localWalletPages.keystore.storing');
  const percent = percentOf(progress);
  return percent === null
    ? t('localWalletPages.keystore.decryptingWait')
    : t('localWalletPages.keystore.decrypting', { percent });
}

/**
 * How far the import of a keystore file is: a bar that fills while scrypt derives the key (it reports its
 * progress), an indeterminate one, labelled, while PBKDF2 does (it does not) and while the key is encrypted for
 * this browser; with a line saying it takes a few seconds, so that nobody taps twice.
 */
export function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  const percent = percentOf(progress);
  const label = importProgressLabel(progress, t);
  return (
    <div
      className="local-import-progress"
      role="status"
      data-testid="local-import-progress"
      data-phase={progress.phase}
    >
      <p className="local-import-progress__label" data-testid="local-import-progress-label">
        {label}
      </p>
      {/* Without a value a <progress> is indeterminate (it moves without claiming a figure). */}
      <progress
        className="local-import-progress__bar"
        data-testid="local-import-progress-bar"
        aria-label={label}
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
      <p className="muted small">{t('localWalletPages.keystore.takesTime')}</p>
    </div>
  );
}
