import { Link } from 'react-router-dom';
import { findServicePath } from '@/domain/service-category';
import { Reveal } from '@/ui/reveal';
import { CategoryGlyph, type GlyphName } from '../category-glyphs';

const TILES: { label: string; to: string; glyph: GlyphName; note: string }[] = [
  { label: 'Home / Room Rent', to: '/main/rent', glyph: 'rent', note: 'Flats, rooms, shops and offices' },
  { label: 'Home Maid', to: findServicePath('Maid'), glyph: 'maid', note: 'Cleaning, cooking, daily help' },
  { label: 'Home Shifter', to: findServicePath('Home Shifter'), glyph: 'shifter', note: 'Packing and moving' },
  { label: 'Plumber', to: findServicePath('Plumber'), glyph: 'plumber', note: 'Leaks, pipes and fittings' },
  { label: 'Home Tutor', to: findServicePath('Tutor'), glyph: 'tutor', note: 'Every class and subject' },
  { label: 'Electrician', to: findServicePath('Electrician'), glyph: 'electrician', note: 'Wiring, fans and IPS' },
  { label: 'IT Provider', to: findServicePath('IT Provider'), glyph: 'it', note: 'Computers, Wi-Fi, CCTV' },
  { label: 'Painter', to: findServicePath('Painter'), glyph: 'painter', note: 'Walls, doors and grills' },
];

/** "Find what you need in person.": eight tiles that rise into view as the page scrolls to them. */
export function ServiceTiles() {
  return (
    <section className="landing-section" aria-labelledby="tiles-title">
      <h2 className="landing-section__title" id="tiles-title">
        Find what you need in person.
      </h2>
      <ul className="service-tiles">
        {TILES.map((tile, index) => (
          <Reveal as="li" key={tile.label} amount={0.3} delayMs={(index % 4) * 80}>
            <Link to={tile.to} className="service-tile">
              <span className="service-tile__icon">
                <CategoryGlyph name={tile.glyph} />
              </span>
              <span className="service-tile__label">{tile.label}</span>
              <span className="service-tile__note">{tile.note}</span>
            </Link>
          </Reveal>
        ))}
      </ul>
    </section>
  );
}
