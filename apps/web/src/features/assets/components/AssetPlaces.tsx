import type { AssetPlace } from '@agc/shared';
import { ChevronIcon } from '@web/components/Icons.tsx';
import { formatAgc, formatAsset, formatUsdt } from '@web/lib/format.ts';
import { openPage } from '@web/lib/navigation.ts';
import { useTranslation } from 'react-i18next';
import { isEmptyPlace, PLACE_PAGE } from '../model/assets.ts';
import '../assets.css';

/** The parts of a place, one row per part with its USDT and AGC amounts together, in the server's order. */
function partRows(parts: AssetPlace['parts']) {
  const rows = new Map<string, AssetPlace['parts']>();
  for (const p of parts) rows.set(p.key, [...(rows.get(p.key) ?? []), p]);
  return [...rows];
}

/** One place: its value in USDT (or its tokens while prices are paused), its parts, and the way to its product. */
function PlaceRow({ place }: { place: AssetPlace }) {
  const { t } = useTranslation();
  const empty = isEmptyPlace(place);
  return (
    <li>
      <button
        type="button"
        className="assets-place"
        data-testid={`assets-place-${place.key}`}
        onClick={() => openPage(PLACE_PAGE[place.key])}
      >
        <span className="assets-place-head">
          <span className="assets-place-name">{t(`assets.place.${place.key}`)}</span>
          <span className="assets-place-value" data-testid={`assets-place-${place.key}-value`}>
            {place.value_usdt === null
              ? t('assets.tokens', { usdt: formatUsdt(place.usdt), agc: formatAgc(place.agc) })
              : formatUsdt(place.value_usdt)}
          </span>
          <ChevronIcon />
        </span>
        <span className="muted small assets-place-note">{t(`assets.placeNote.${place.key}`)}</span>
        {!empty && (
          <span className="assets-place-parts">
            {partRows(place.parts).map(([key, amounts]) => (
              <span key={key} className="assets-part small" data-testid={`assets-part-${key}`}>
                <span className="muted">{t(`solvency.part.${key}`)}</span>
                <span>{amounts.map((a) => formatAsset(a.amount, a.asset)).join(' + ')}</span>
              </span>
            ))}
          </span>
        )}
      </button>
    </li>
  );
}

/** Every place the app holds the member's money, each leading to its product. */
export function AssetPlaces({ places }: { places: AssetPlace[] }) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="assets-places" aria-labelledby="assets-places-title">
      <h2 className="card-title" id="assets-places-title">
        {t('assets.places')}
      </h2>
      <ul className="assets-place-list">
        {places.map((p) => (
          <PlaceRow key={p.key} place={p} />
        ))}
      </ul>
    </section>
  );
}
