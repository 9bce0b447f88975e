import { LEVEL_KEYS, levelKey } from '@agc/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type MemberOrgNode, memberDisplay } from '../model/member-tree.ts';
import './member-tree.css';

/** Size of a member box in the chart (fixed: the layout never measures). */
export const MEMBER_NODE_WIDTH = 196;
export const MEMBER_NODE_HEIGHT = 92;
/** The boxes' text size (px, member-tree.css): under 9 px on screen they draw compact. */
export const MEMBER_NODE_FONT_PX = 11;

/** Translated texts, resolved once by the page: the cards themselves never call i18n. */
export interface MemberCardTexts {
  you: string;
  left: string;
  right: string;
  carry: string;
  emptyLeft: string;
  emptyRight: string;
  /** Before an empty slot's parent ("Under 0x70…"). */
  under: string;
  /** level number → its label (V1…V5); a lookup, not a translation call. */
  level: (level: number) => string;
}

/** Resolves the card texts in the current language (level labels included: five lookups). */
export function memberCardTexts(t: TFunction): MemberCardTexts {
  const levels = new Map<string, string>(LEVEL_KEYS.map((key) => [key, t(`level.${key}`)]));
  return {
    you: t('tree.node.you'),
    left: t('tree.node.left'),
    right: t('tree.node.right'),
    carry: t('tree.node.carry'),
    emptyLeft: t('tree.node.emptyLeft'),
    emptyRight: t('tree.node.emptyRight'),
    under: t('tree.node.under'),
    level: (level) => levels.get(levelKey(level)) ?? '',
  };
}

/**
 * The content of a member box: short address, level (and "You" or its side), left and right volume,
 * and the carry of each side, amounts with exactly 2 decimals; or an empty left/right slot. A plain
 * function, not a component: the box around it is already memoised, and with thousands of boxes
 * every fiber, element and text node counts (no wrapper, one text node per line).
 */
export function memberCard(node: MemberOrgNode, texts: MemberCardTexts): ReactNode {
  const m = node.member;
  if (!m)
    return (
      <>
        <div>{node.slot === 'left' ? texts.emptyLeft : texts.emptyRight}</div>
        {node.parentAddress && (
          <div className="member-node__parent">{`${texts.under} ${node.parentAddress}`}</div>
        )}
      </>
    );
  const d = node.display ?? memberDisplay(m);
  const tag =
    m.depth === 0 ? texts.you : m.side === 'left' ? texts.left : m.side === 'right' ? texts.right : '';
  // The lines go straight into the box (it carries the class member-node): no wrapper element.
  return (
    <>
      <div className="member-node__address">{d.address}</div>
      <div className="member-node__meta">
        {tag ? `${texts.level(m.level)} · ${tag}` : texts.level(m.level)}
      </div>
      <div className="member-node__volumes">
        <span>{`${texts.left} ${d.leftVolume}`}</span>
        <span>{`${texts.right} ${d.rightVolume}`}</span>
      </div>
      <div className="member-node__carry">{`${texts.carry} ${d.leftCarry} / ${d.rightCarry}`}</div>
    </>
  );
}
