import type { Side } from '@agc/shared';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { QrCode } from '@web/components/QrCode.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { useInvite } from '@web/features/team/api/get-invite.ts';
import { copyText } from '@web/features/team/copy.ts';
import { bonusValues, inviteLink } from '@web/features/team/invite.ts';
import { paths } from '@web/lib/paths.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@web/features/team/team.css';

const SIDES: readonly Side[] = ['left', 'right'];

/**
 * The member's invitation (GET me/invite): code, left and right links with copy buttons, a QR code of
 * the chosen side's link, the direct invitee counts and the bonus text from the configured rates.
 */
export default function InvitePage() {
  const { t } = useTranslation();
  const invite = useInvite();
  const [qrSide, setQrSide] = useState<Side>('left');

  if (invite.isPending)
    return (
      <div className="page">
        <LoadingState testId="invite-loading" />
      </div>
    );
  if (invite.isError)
    return (
      <div className="page">
        <LoadFailed testId="invite-error" error={invite.error} onRetry={() => void invite.refetch()} />
      </div>
    );

  const info = invite.data;
  const links: Record<Side, string> = {
    left: inviteLink(window.location.origin, info.left_query),
    right: inviteLink(window.location.origin, info.right_query),
  };

  return (
    <div className="page invite-page">
      <section className="card">
        <p className="muted">{t('invite.code')}</p>
        <div className="invite-code-row">
          <p className="invite-code" data-testid="invite-code">
            {info.invite_code}
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            data-testid="invite-copy-code"
            onClick={() => void copyText(info.invite_code)}
          >
            {t('invite.copy')}
          </button>
        </div>
        <p className="invite-bonus" data-testid="invite-bonus">
          {t('invite.bonus', bonusValues(info.rates))}
        </p>
      </section>

      <section className="card">
        {SIDES.map((side) => (
          <div className="invite-link" key={side}>
            <p className="muted small">{t(side === 'left' ? 'invite.leftLink' : 'invite.rightLink')}</p>
            <div className="invite-link-row">
              <span className="break invite-link-text" data-testid={`invite-link-${side}`}>
                {links[side]}
              </span>
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid={`invite-copy-${side}`}
                onClick={() => void copyText(links[side])}
              >
                {t('invite.copy')}
              </button>
            </div>
          </div>
        ))}
      </section>

      <section className="card invite-qr-card">
        <h3 className="card-title">{t('invite.qrTitle')}</h3>
        <Segmented
          options={SIDES.map((side) => ({
            key: side,
            label: t(side === 'left' ? 'invite.sideLeft' : 'invite.sideRight'),
          }))}
          value={qrSide}
          onChange={setQrSide}
          testIdPrefix="invite-qr"
        />
        <div className="invite-qr" data-testid="invite-qr-box" data-side={qrSide}>
          <QrCode value={links[qrSide]} testId="invite-qr" />
        </div>
      </section>

      <section className="card">
        <div className="card-head">
          <h3 className="card-title">{t('invite.invitees')}</h3>
          <PageLink to={paths.teamUsers} className="btn-link card-link" testId="invite-team-link">
            {t('title.teamUser')} ›
          </PageLink>
        </div>
        <div className="invite-counts">
          <div>
            <strong data-testid="invite-count-all">{info.invited_count_all}</strong>
            <span className="muted small">{t('invite.invitedAll')}</span>
          </div>
          <div>
            <strong data-testid="invite-count-valid">{info.invited_count_valid}</strong>
            <span className="muted small">{t('invite.invitedValid')}</span>
          </div>
        </div>
        <PageLink to={paths.inviteTree} className="btn btn-secondary btn-block" testId="invite-tree-link">
          {t('title.inviteTree')}
        </PageLink>
      </section>
    </div>
  );
}
