// Inline SVG icons (no icon font or image requests): the back arrow (in the login route's bundle), the menu's chevron
// and the others the pages draw; the tab bar's are its own (TabBar.tsx). They draw with currentColor unless told
// otherwise.
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
export function icon(drawing: ReactNode, defaults: IconProps = {}) {
  return (props: IconProps) => (
    <Svg {...defaults} {...props}>
      {drawing}
    </Svg>
  );
}

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
