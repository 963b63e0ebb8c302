import { useEffect, useState } from 'react';
import { findServicePath, type ServiceCategory } from '@/domain/service-category';
import { formatTaka } from '@/lib/format-money';
import { ButtonLink } from '@/ui/button';
import type { PriceRange } from '@/domain/price-ranges';
import { getPriceRanges } from '../api/get-price-ranges';
import { InfoPage } from './info-page';

interface ServicePage {
  title: string;
  lead: string;
  /** The service category whose live prices are shown; undefined for rentals. */
  category?: ServiceCategory;
  cta: { label: string; to: string };
  points: string[];
  tips: string[];
}

/** The pages behind the footer's service links: /services/{slug}. */
const SERVICE_PAGES: Record<string, ServicePage | undefined> = {
  rent: {
    title: 'Homes and spaces for rent',
    lead: 'Bachelor rooms, family rooms, flats, shops, offices and space in shopping malls, posted by their owners.',
    cta: { label: 'Browse rentals', to: '/main/rent' },
    points: [
      'Search by area, city and what the ad says; filter by category and rent; sort by date, price or start date.',
      'Every ad shows the rent in taka, how often it is paid (daily, monthly, quarterly or annually) and when the place is free.',
      'Photos, the full address and the owner’s contact number are on every ad.',
    ],
    tips: ['Visit before paying any advance.', 'Ask what the rent includes: gas, water, service charge, parking.'],
  },
  'home-moving': {
    title: 'Home moving',
    lead: 'Moving a whole household across the city or to another district, with packing, loading and transport.',
    category: 'Home Shifter',
    cta: { label: 'Find home movers', to: findServicePath('Home Shifter') },
    points: [
      'Crews bring cartons, bubble wrap and a covered pickup or truck sized for your home.',
      'Furniture is taken apart and put back together; fragile items are packed separately.',
      'Compare crews by the areas they serve, their hours and their reviews.',
    ],
    tips: ['Book early for the first and last days of the month.', 'Agree the price for stairs and lifts in advance.'],
  },
  'home-maid': {
    title: 'Home maids',
    lead: 'Daily or part-time help with cleaning, cooking, washing and looking after the home.',
    category: 'Maid',
    cta: { label: 'Find a maid', to: findServicePath('Maid') },
    points: [
      'See which days and hours each maid works: day time, night time or round the clock.',
      'Prices are listed as a range in taka, so you know what to expect before you call.',
      'Read what other families say in the reviews.',
    ],
    tips: ['Agree the tasks and the days off clearly.', 'Check the service area covers your neighbourhood.'],
  },
  'home-shifter': {
    title: 'Home shifters',
    lead: 'Help to shift furniture, appliances and boxes, from one room to a whole flat.',
    category: 'Home Shifter',
    cta: { label: 'Find a home shifter', to: findServicePath('Home Shifter') },
    points: [
      'Small jobs such as moving a fridge or a bed are welcome as well as full moves.',
      'Each shifter lists the areas served and the days available.',
      'Contact them directly by phone from their listing.',
    ],
    tips: ['Measure doors and stairs for large furniture.', 'Keep valuables with you on moving day.'],
  },
  tutor: {
    title: 'Home tutors',
    lead: 'Tutors who come to your home for school, college and admission subjects, in Bangla or English medium.',
    category: 'Tutor',
    cta: { label: 'Find a tutor', to: findServicePath('Tutor') },
    points: [
      'Tutors describe the classes, subjects and curricula they teach.',
      'Filter by price and by the time of day they are free.',
      'Reviews from other parents show how lessons went.',
    ],
    tips: ['Ask for a trial class.', 'Agree the number of days a week and the monthly fee.'],
  },
  'it-provider': {
    title: 'IT providers',
    lead: 'Computer repair, Wi-Fi and network setup, CCTV, software installation and help for small offices.',
    category: 'IT Provider',
    cta: { label: 'Find an IT provider', to: findServicePath('IT Provider') },
    points: [
      'Home visits for laptops, desktops, printers and routers.',
      'Office setups: networks, shared printers, backups and security cameras.',
      'Prices shown per visit or per job, in taka.',
    ],
    tips: ['Back up your files before a repair.', 'Ask for a written list of parts replaced.'],
  },
  plumber: {
    title: 'Plumbers',
    lead: 'Leaking taps, blocked drains, water pumps, tanks, geysers and bathroom fittings.',
    category: 'Plumber',
    cta: { label: 'Find a plumber', to: findServicePath('Plumber') },
    points: [
      'Many plumbers work round the clock for emergencies.',
      'See the areas each plumber covers before you call.',
      'Compare price ranges and reviews side by side.',
    ],
    tips: ['Turn off the main valve while you wait.', 'Ask whether parts are included in the price.'],
  },
  electrician: {
    title: 'Electricians',
    lead: 'Wiring, switches and sockets, fans and lights, IPS and generator connections, meter problems.',
    category: 'Electrician',
    cta: { label: 'Find an electrician', to: findServicePath('Electrician') },
    points: [
      'Licensed and experienced electricians describe the work they take on.',
      'Filter by the time of day they are available, including 24/7.',
      'Reviews tell you who arrives on time and works safely.',
    ],
    tips: [
      'Switch off the breaker for the faulty line if it is safe to do so.',
      'Keep children away from open boards.',
    ],
  },
};

function PriceCard({ range, loading }: { range: PriceRange | null | undefined; loading: boolean }) {
  return (
    <div className="card">
      <h2>What it costs on Basha now</h2>
      {loading ? (
        <p className="muted">Checking live listings...</p>
      ) : range ? (
        <>
          <p className="price-range">
            {formatTaka(range.min)} to {formatTaka(range.max)}
          </p>
          <p className="muted">
            From {range.count} live {range.count === 1 ? 'listing' : 'listings'}.
          </p>
        </>
      ) : (
        <p className="muted">No live listings yet. Be the first to post one.</p>
      )}
    </div>
  );
}

export function ServiceInfoPage({ slug }: { slug: string }) {
  const page = SERVICE_PAGES[slug];
  const [range, setRange] = useState<PriceRange | null>();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!page) return;
    let current = true;
    getPriceRanges()
      .then((ranges) => current && setRange(page.category ? (ranges.services[page.category] ?? null) : ranges.rent))
      .catch(() => current && setRange(null))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [page]);

  if (!page) return null;
  return (
    <InfoPage
      title={page.title}
      lead={page.lead}
      aside={
        <>
          <PriceCard range={range} loading={loading} />
          <ButtonLink to={page.cta.to} block>
            {page.cta.label}
          </ButtonLink>
        </>
      }
    >
      <h2>What you get</h2>
      <ul>
        {page.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <h2>Good to know</h2>
      <ul>
        {page.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </InfoPage>
  );
}
