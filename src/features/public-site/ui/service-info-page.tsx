import { useEffect, useState } from 'react';
import { findServicePath, type ServiceCategory } from '@/domain/service-category';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { formatTaka } from '@/i18n/format';
import { ButtonLink } from '@/ui/button';
import type { PriceRange } from '@/domain/price-ranges';
import type { ServicePageSlug } from '@/domain/service-pages';
import { getPriceRanges } from '../api/get-price-ranges';
import { InfoPage } from './info-page';

interface ServicePage {
  title: () => string;
  lead: () => string;
  /** The service category whose live prices are shown; undefined for rentals. */
  category?: ServiceCategory;
  cta: { label: () => string; to: string };
  points: (() => string)[];
  tips: (() => string)[];
}

/** The pages behind the footer's service links: /services/{slug}. Their words are messages, read as they render. */
const SERVICE_PAGES: Partial<Record<string, ServicePage>> = {
  rent: {
    title: m.site_service_rent_title,
    lead: m.site_service_rent_lead,
    cta: { label: m.site_browse_rentals, to: '/main/rent' },
    points: [m.site_service_rent_point_1, m.site_service_rent_point_2, m.site_service_rent_point_3],
    tips: [m.site_service_rent_tip_1, m.site_service_rent_tip_2],
  },
  'home-moving': {
    title: m.site_service_home_moving_title,
    lead: m.site_service_home_moving_lead,
    category: 'Home Shifter',
    cta: { label: m.site_service_home_moving_cta, to: findServicePath('Home Shifter') },
    points: [
      m.site_service_home_moving_point_1,
      m.site_service_home_moving_point_2,
      m.site_service_home_moving_point_3,
    ],
    tips: [m.site_service_home_moving_tip_1, m.site_service_home_moving_tip_2],
  },
  'home-maid': {
    title: m.site_service_home_maid_title,
    lead: m.site_service_home_maid_lead,
    category: 'Maid',
    cta: { label: m.site_service_home_maid_cta, to: findServicePath('Maid') },
    points: [m.site_service_home_maid_point_1, m.site_service_home_maid_point_2, m.site_service_home_maid_point_3],
    tips: [m.site_service_home_maid_tip_1, m.site_service_home_maid_tip_2],
  },
  'home-shifter': {
    title: m.site_service_home_shifter_title,
    lead: m.site_service_home_shifter_lead,
    category: 'Home Shifter',
    cta: { label: m.site_service_home_shifter_cta, to: findServicePath('Home Shifter') },
    points: [
      m.site_service_home_shifter_point_1,
      m.site_service_home_shifter_point_2,
      m.site_service_home_shifter_point_3,
    ],
    tips: [m.site_service_home_shifter_tip_1, m.site_service_home_shifter_tip_2],
  },
  tutor: {
    title: m.site_service_tutor_title,
    lead: m.site_service_tutor_lead,
    category: 'Tutor',
    cta: { label: m.site_service_tutor_cta, to: findServicePath('Tutor') },
    points: [m.site_service_tutor_point_1, m.site_service_tutor_point_2, m.site_service_tutor_point_3],
    tips: [m.site_service_tutor_tip_1, m.site_service_tutor_tip_2],
  },
  'it-provider': {
    title: m.site_service_it_provider_title,
    lead: m.site_service_it_provider_lead,
    category: 'IT Provider',
    cta: { label: m.site_service_it_provider_cta, to: findServicePath('IT Provider') },
    points: [
      m.site_service_it_provider_point_1,
      m.site_service_it_provider_point_2,
      m.site_service_it_provider_point_3,
    ],
    tips: [m.site_service_it_provider_tip_1, m.site_service_it_provider_tip_2],
  },
  plumber: {
    title: m.site_service_plumber_title,
    lead: m.site_service_plumber_lead,
    category: 'Plumber',
    cta: { label: m.site_service_plumber_cta, to: findServicePath('Plumber') },
    points: [m.site_service_plumber_point_1, m.site_service_plumber_point_2, m.site_service_plumber_point_3],
    tips: [m.site_service_plumber_tip_1, m.site_service_plumber_tip_2],
  },
  electrician: {
    title: m.site_service_electrician_title,
    lead: m.site_service_electrician_lead,
    category: 'Electrician',
    cta: { label: m.site_service_electrician_cta, to: findServicePath('Electrician') },
    points: [
      m.site_service_electrician_point_1,
      m.site_service_electrician_point_2,
      m.site_service_electrician_point_3,
    ],
    tips: [m.site_service_electrician_tip_1, m.site_service_electrician_tip_2],
  },
} satisfies Record<ServicePageSlug, ServicePage>;

function PriceCard({ range, loading }: { range: PriceRange | null | undefined; loading: boolean }) {
  return (
    <div className="card">
      <h2>{m.site_service_cost_title()}</h2>
      {loading ? (
        <p className="muted">{m.site_service_cost_loading()}</p>
      ) : range ? (
        <>
          <p className="price-range">
            {m.site_service_cost_range({ min: formatTaka(range.min), max: formatTaka(range.max) })}
          </p>
          <p className="muted">
            {m.site_service_cost_listings({
              count: range.count,
              shown: localDigits(String(range.count), getLocale()),
            })}
          </p>
        </>
      ) : (
        <p className="muted">{m.site_service_cost_none()}</p>
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
      title={page.title()}
      lead={page.lead()}
      aside={
        <>
          <PriceCard range={range} loading={loading} />
          <ButtonLink to={page.cta.to} block>
            {page.cta.label()}
          </ButtonLink>
        </>
      }
    >
      <h2>{m.site_service_get_title()}</h2>
      <ul>
        {page.points.map((point, index) => (
          <li key={index}>{point()}</li>
        ))}
      </ul>
      <h2>{m.site_service_tips_title()}</h2>
      <ul>
        {page.tips.map((tip, index) => (
          <li key={index}>{tip()}</li>
        ))}
      </ul>
    </InfoPage>
  );
}
