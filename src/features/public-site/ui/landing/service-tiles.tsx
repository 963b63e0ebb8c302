import { Link } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { findServicePath } from '@/domain/service-category';
import { Reveal } from '@/ui/reveal';
import { CategoryGlyph, type GlyphName } from '../category-glyphs';

// The labels are messages, read as the tiles render (in the page's language).
const TILES: { label: () => string; to: string; glyph: GlyphName; note: () => string }[] = [
  { label: m.site_tile_rent_label, to: '/main/rent', glyph: 'rent', note: m.site_tile_rent_note },
  { label: m.site_tile_maid_label, to: findServicePath('Maid'), glyph: 'maid', note: m.site_tile_maid_note },
  {
    label: m.site_tile_shifter_label,
    to: findServicePath('Home Shifter'),
    glyph: 'shifter',
    note: m.site_tile_shifter_note,
  },
  {
    label: m.site_tile_plumber_label,
    to: findServicePath('Plumber'),
    glyph: 'plumber',
    note: m.site_tile_plumber_note,
  },
  { label: m.site_tile_tutor_label, to: findServicePath('Tutor'), glyph: 'tutor', note: m.site_tile_tutor_note },
  {
    label: m.site_tile_electrician_label,
    to: findServicePath('Electrician'),
    glyph: 'electrician',
    note: m.site_tile_electrician_note,
  },
  { label: m.site_tile_it_label, to: findServicePath('IT Provider'), glyph: 'it', note: m.site_tile_it_note },
  {
    label: m.site_tile_painter_label,
    to: findServicePath('Painter'),
    glyph: 'painter',
    note: m.site_tile_painter_note,
  },
];

/** "Find what you need in person.": eight tiles that rise into view as the page scrolls to them. */
export function ServiceTiles() {
  return (
    <section className="landing-section" aria-labelledby="tiles-title">
      <h2 className="landing-section__title" id="tiles-title">
        {m.site_tiles_title()}
      </h2>
      <ul className="service-tiles">
        {TILES.map((tile, index) => (
          <Reveal as="li" key={tile.glyph} amount={0.3} delayMs={(index % 4) * 80}>
            <Link to={tile.to} className="service-tile">
              <span className="service-tile__icon">
                <CategoryGlyph name={tile.glyph} />
              </span>
              <span className="service-tile__label">{tile.label()}</span>
              <span className="service-tile__note">{tile.note()}</span>
            </Link>
          </Reveal>
        ))}
      </ul>
    </section>
  );
}
