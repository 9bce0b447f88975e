import { useMemo } from 'react';
import { encode } from 'uqr';

/** Quiet zone around the code, in modules (the standard asks for 4; 2 is enough on a white card). */
const BORDER = 2;

/**
 * A QR code of `value` as one SVG path (dark modules only), drawn with crisp edges at any size.
 * `data-value` holds the encoded text for tests.
 */
export function QrCode({ value, size = 200, testId }: { value: string; size?: number; testId?: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: BORDER });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={value}
      data-testid={testId}
      data-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
