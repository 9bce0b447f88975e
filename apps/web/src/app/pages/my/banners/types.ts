/** The art drawn on a banner (BannerCard draws each kind). */
export type BannerArt = 'invite' | 'hashPower' | 'earn' | 'launchpad';

/** The banner's gradient (my.css). */
export type BannerTone = 'violet' | 'ocean' | 'emerald' | 'sunset' | 'midnight';

/** One slide of the account page's carousel: what is live in the app, and the page that tells more. */
export interface Banner {
  /** Unique among all banners (`<source>-<id>`). */
  key: string;
  title: string;
  /** One line under the title. */
  text: string;
  /** The call to action on the banner's pill. */
  cta: string;
  art: BannerArt;
  tone: BannerTone;
  /** Opens the banner's page. */
  open: () => void;
}

/**
 * A source of banners: a hook reading what it shows from the server. `pending` while its first answer is on the
 * way; a source with nothing live (or a failed read) gives no banner, quietly: a banner is an invitation, not
 * information the member needs.
 */
export type BannerSource = () => { banners: Banner[]; pending: boolean };
