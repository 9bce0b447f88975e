// Inline SVG icons (no icon font or image requests): the tab bar's, the back arrow and the menu's chevron, all in
// the login route's bundle. They draw with currentColor unless told otherwise.
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** An icon from its drawing on the 24 × 24 grid; `defaults` change the stroke (props still win). */
function icon(drawing: ReactNode, defaults: IconProps = {}) {
  return (props: IconProps) => (
    <Svg {...defaults} {...props}>
      {drawing}
    </Svg>
  );
}

export const HomeIcon = icon(
  <>
    <path d="M3.5 10.5 12 3.5l8.5 7" />
    <path d="M5.5 9v11h13V9" />
    <path d="M10 20v-5.5h4V20" />
  </>,
);

export const RewardsIcon = icon(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v8.5h14V12" />
    <path d="M12 8v12.5" />
    <path d="M12 8c-1.5-3.5-5.5-4-5.5-1.5S10 8 12 8Zm0 0c1.5-3.5 5.5-4 5.5-1.5S14 8 12 8Z" />
  </>,
);

export const ShopIcon = icon(
  <>
    <path d="M5 7.5h14l-1 13H6l-1-13Z" />
    <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
  </>,
);

export const AccountIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.2-4 4.3-6 8-6s6.8 2 8 6" />
  </>,
);

export const FundIcon = icon(
  <>
    <path d="M4 19.5h16" />
    <path d="M6.5 16v-5M11 16V7M15.5 16v-7M20 16V4.5" />
  </>,
);

export const BackIcon = icon(<path d="M15 4.5 7.5 12l7.5 7.5" />);

/** Square line ends, as the menu's chevron has always been drawn. */
const squareEnds: IconProps = { strokeLinecap: undefined, strokeLinejoin: undefined };

/** A menu item's "opens a page" chevron (16 px). */
export const ChevronIcon = icon(<path d="m9 5 7 7-7 7" />, { ...squareEnds, size: 16, strokeWidth: 2 });

/** A calendar (date fields' picker button). */
export const CalendarIcon = icon(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
  { size: 20 },
);

/** Two sheets (copy to the clipboard). */
export const CopyIcon = icon(
  <>
    <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
    <path d="M15.5 8.5V5.5a2 2 0 0 0-2-2h-8a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h3" />
  </>,
  { size: 18 },
);
