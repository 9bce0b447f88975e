import { PageLink } from '@web/components/PageLink.tsx';
import { RoundList } from '@web/features/launchpad/components/RoundList.tsx';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/launchpad/launchpad.css';

/** The launchpad: every round (state, copies sold and left, price, AGC per copy, window); a round opens its page. */
export default function LaunchpadPage() {
  const { t } = useTranslation();
  return (
    <div className="page launchpad" data-testid="lp-page">
      <PageLink
        to={paths.launchpadMine}
        className="btn btn-secondary btn-block lp-mine-link"
        testId="lp-mine-link"
      >
        {t('launchpad.mine.open')}
      </PageLink>
      <RoundList onOpen={(id) => openPage(withQuery(paths.launchpadDetail, { id }))} />
    </div>
  );
}
