// The app's icons for the web app manifest, drawn at build time: the same bytes on every build (no binary in
// the repository, no image tool). The tab bar's #3e3e3e behind three rising white bars (a portfolio growing).
// `any` icons fill the square; `maskable` ones keep the bars inside the central 80 % circle that every
// platform's mask leaves visible.
import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const THEME_COLOR = '#3e3e3e';
const BACKGROUND: [number, number, number] = [0x3e, 0x3e, 0x3e];
const BAR: [number, number, number] = [0xff, 0xff, 0xff];

export interface IconSpec {
  file: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const ICONS: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { file: 'icons/maskable-192.png', size: 192, purpose: 'maskable' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'any' },
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `size`² pixels, `pixel(x, y)` giving each colour. */
export function png(size: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    rows[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x, y);
      rows[row + 1 + x * 3] = r;
      rows[row + 2 + x * 3] = g;
      rows[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icon: three bars of rising height standing on a common base, within `inset` of each edge. */
export function drawIcon({ size, purpose }: IconSpec): Buffer {
  // A maskable icon's safe zone is the circle of 40 % radius: the bars' box (its corners included) fits in it.
  const inset = purpose === 'maskable' ? 0.23 : 0.18;
  const box = {
    left: size * inset,
    right: size * (1 - inset),
    top: size * inset,
    bottom: size * (1 - inset),
  };
  const gap = (box.right - box.left) / 11;
  const width = gap * 3;
  const heights = [0.45, 0.7, 1];
  return png(size, (x, y) => {
    for (let i = 0; i < 3; i++) {
      const left = box.left + i * (width + gap);
      const top = box.bottom - (box.bottom - box.top) * (heights[i] ?? 1);
      if (x >= left && x < left + width && y >= top && y < box.bottom) return BAR;
    }
    return BACKGROUND;
  });
}

/** Emits every icon into the build (`dist/icons/…`), before vite-plugin-pwa lists the files to precache. */
export function pwaIcons(): Plugin {
  return {
    name: 'agc-pwa-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: drawIcon(icon) });
    },
  };
}
