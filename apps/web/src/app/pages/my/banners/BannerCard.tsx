import type { Banner, BannerArt } from './types.ts';
import '@web/features/earn/banner-arts.css';

const PINS = [46, 60, 74];

/** Hand-drawn art for each kind of banner (decorative: the banner's text says everything). */
function Art({ kind }: { kind: BannerArt }) {
  if (kind === 'invite') {
    return (
      <svg className="banner__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <circle cx="60" cy="62" r="50" fill="#ffffff" opacity="0.12" />
        <circle cx="60" cy="62" r="36" fill="#ffffff" opacity="0.1" />
        {/* the gift */}
        <rect x="30" y="58" width="60" height="40" rx="6" fill="#ffffff" />
        <rect x="26" y="46" width="68" height="16" rx="5" fill="#fde68a" />
        <rect x="55" y="46" width="10" height="52" fill="#f472b6" />
        <path d="M60 46c-6-12-22-16-24-6-1.5 7 12 8 24 6Z" fill="#f9a8d4" />
        <path d="M60 46c6-12 22-16 24-6 1.5 7-12 8-24 6Z" fill="#f472b6" />
        {/* coins flying out */}
        <circle cx="94" cy="28" r="11" fill="#fcd34d" />
        <circle cx="94" cy="28" r="7" fill="none" stroke="#b45309" strokeWidth="2" />
        <circle cx="24" cy="30" r="7" fill="#fde68a" />
        <circle cx="24" cy="30" r="4" fill="none" stroke="#b45309" strokeWidth="1.5" />
        <path d="M80 12l2 5 5 2-5 2-2 5-2-5-5-2 5-2Z" fill="#ffffff" />
        <path d="M40 16l1.4 3.6 3.6 1.4-3.6 1.4L40 26l-1.4-3.6L35 21l3.6-1.4Z" fill="#ffffff" opacity="0.8" />
      </svg>
    );
  }
  // Drawn by features/earn/banner-arts.css (a coin stack growing; a rocket).
  if (kind === 'earn' || kind === 'launchpad')
    return <span className={`banner__art banner-art--${kind}`} aria-hidden="true" />;
  return (
    <svg className="banner__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="50" fill="#ffffff" opacity="0.12" />
      {/* the chip's pins */}
      {PINS.map((p) => (
        <g key={p} stroke="#ffffff" strokeWidth="4" strokeLinecap="round" opacity="0.85">
          <path d={`M${p} 22v10M${p} 88v10M22 ${p}h10M88 ${p}h10`} />
        </g>
      ))}
      <rect x="32" y="32" width="56" height="56" rx="10" fill="#ffffff" />
      <rect x="42" y="42" width="36" height="36" rx="7" fill="#0f172a" opacity="0.88" />
      {/* power */}
      <path d="M63 46 50 63h9l-3 12 13-18h-9Z" fill="#fde047" />
      {/* rising bars */}
      <rect x="92" y="84" width="6" height="12" rx="2" fill="#ffffff" opacity="0.6" />
      <rect x="101" y="76" width="6" height="20" rx="2" fill="#ffffff" opacity="0.75" />
      <rect x="110" y="66" width="6" height="30" rx="2" fill="#ffffff" opacity="0.9" />
    </svg>
  );
}

/** One banner: gradient, title, one line of text, a call to action; the whole card opens its page. */
export function BannerCard({ banner }: { banner: Banner }) {
  return (
    <button
      type="button"
      className={`banner banner--${banner.tone}`}
      data-testid={`banner-${banner.key}`}
      onClick={banner.open}
    >
      <span className="banner__body">
        <span className="banner__title">{banner.title}</span>
        <span className="banner__text">{banner.text}</span>
        <span className="banner__cta">
          {banner.cta}
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="m4.5 2.5 3.5 3.5-3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </span>
      </span>
      <Art kind={banner.art} />
    </button>
  );
}
