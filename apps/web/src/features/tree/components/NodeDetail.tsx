import { formatTime, levelKey, type TreeNode as Member } from '@agc/shared';
import { Address } from '@web/components/Address.tsx';
import { formatTreeFigure } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** The selected member's figures, over the bottom of the chart (a single click selects). */
export function NodeDetail({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const usdt = (v: string) => `${formatTreeFigure(v)} USDT`;
  const side =
    member.side === 'left'
      ? t('tree.detail.sideLeft')
      : member.side === 'right'
        ? t('tree.detail.sideRight')
        : t('tree.detail.sideNone');
  const rows: [string, string, string][] = [
    ['level', t('tree.detail.level'), t(`level.${levelKey(member.level)}`)],
    ['side', t('tree.detail.side'), side],
    ['depth', t('tree.detail.depth'), String(member.depth)],
    ['joined', t('tree.detail.joined'), formatTime(member.joined_at, { invalid: t('common.invalidTime') })],
    ['investment', t('tree.detail.investment'), usdt(member.investment)],
    ['left_volume', t('tree.detail.leftVolume'), usdt(member.left_volume)],
    ['right_volume', t('tree.detail.rightVolume'), usdt(member.right_volume)],
    ['left_carry', t('tree.detail.leftCarry'), usdt(member.left_carry)],
    ['right_carry', t('tree.detail.rightCarry'), usdt(member.right_carry)],
  ];
  return (
    <section className="tree-detail" data-testid="tree-node-detail" data-no-pan>
      <div className="tree-detail__head">
        <p className="tree-detail__address">
          <Address address={member.address} full testId="tree-detail-address" />
        </p>
        <button
          type="button"
          className="tree-detail__close"
          data-testid="tree-detail-close"
          aria-label={t('tree.detail.close')}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <dl className="rows tree-detail__rows">
        {rows.map(([key, label, value]) => (
          <div className="row" key={key}>
            <dt>{label}</dt>
            <dd data-testid={`tree-detail-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
