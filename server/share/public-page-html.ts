import { formatCalendarDate, formatTaka } from '../../src/i18n/format';
import { placeName } from '../../src/domain/places/place-display';
import { placeSummary, bundledPlaceIndex } from '../../src/domain/places/place-tree';
import { rentAdPlace, rentCategoryName, rentPerFrequency } from '../../src/domain/rent-post';
import { locative } from '../../src/i18n/case-endings';
import { availableTimeLabel, weekdayLabel, type AvailableTime, type Weekday } from '../../src/domain/service';
import { parseServiceCategory, serviceCategoryName } from '../../src/domain/service-category';
import { inWeekOrder } from '../../src/domain/week';
import { localDigits } from '../../src/i18n/digits';
import { DEFAULT_LOCALE, dirAttribute, LOCALES, localeInfo, type Locale } from '../../src/i18n/locale';
import { m } from '../../src/i18n/generated/messages.js';
import type { ServiceRow, StoredPhoto } from '../db/schema';
import { escapeHtml, publicText, shortText, withoutBidiControls } from './html';
import type { PublicProvider, PublicRentAd } from './public-listings';
import { ogImagePath } from './og-image';

/**
 * The HTML of the public pages: a rent ad (/rent/{id}) and a provider (/pros/{userId}), whole on arrival (no
 * script), with the tags link previews read (title, description, canonical, Open Graph, Twitter card). They
 * leave out what only signed-in people see: phone numbers (also when typed into a text) and street lines. A
 * "See the number on Basha" link leads to the app's page for the listing, open to visitors (Show number there).
 * Every text a person typed is escaped (./html.ts) and shown without phone numbers (`publicText`); no text on
 * these pages or in their previews carries a bidi control, which would reorder what follows it.
 */

const esc = (text: string): string => escapeHtml(withoutBidiControls(text));

export interface PageContext {
  locale: Locale;
  /** Basha's public origin, for absolute links (canonical, og:url, og:image). */
  origin: string;
  /** The page's path, without a query. */
  path: string;
  /** The style sheet's path (./public-page-style.ts). */
  cssPath: string;
}

interface Head {
  title: string;
  description: string;
  /** An absolute image URL for previews. */
  image?: string;
  imageAlt?: string;
  type: 'website' | 'article' | 'profile';
  /** Whether search engines may index the page (not a 404). */
  index: boolean;
}

/** The page's address in a language: the default (English) at the bare path, the others with `?lang=bn`. */
export function pageUrl(ctx: Pick<PageContext, 'origin' | 'path'>, locale: Locale): string {
  return `${ctx.origin}${ctx.path}${locale === DEFAULT_LOCALE ? '' : `?lang=${locale}`}`;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).toString();
}

function document(ctx: PageContext, head: Head, body: string): string {
  const canonical = pageUrl(ctx, ctx.locale);
  const title = `${head.title} | ${m.share_site_name()}`;
  const meta = [
    `<meta name="description" content="${esc(head.description)}">`,
    head.index ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${esc(canonical)}">`,
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${esc(pageUrl(ctx, locale))}">`),
    `<meta property="og:site_name" content="${esc(m.share_site_name())}">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(canonical)}">`,
    `<meta property="og:locale" content="${localeInfo(ctx.locale).openGraph}">`,
    ...LOCALES.filter((locale) => locale !== ctx.locale).map(
      (locale) => `<meta property="og:locale:alternate" content="${localeInfo(locale).openGraph}">`,
    ),
    ...(head.image
      ? [
          `<meta property="og:image" content="${esc(head.image)}">`,
          '<meta property="og:image:type" content="image/jpeg">',
          '<meta property="og:image:width" content="1200">',
          '<meta property="og:image:height" content="630">',
          `<meta property="og:image:alt" content="${esc(head.imageAlt ?? head.title)}">`,
        ]
      : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
    ...(head.image ? [`<meta name="twitter:image" content="${esc(head.image)}">`] : []),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${ctx.locale}"${dirAttribute(ctx.locale)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0f766e">
<title>${esc(title)}</title>
${meta.join('\n')}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png">
<link rel="stylesheet" href="${ctx.cssPath}">
</head>
<body>
<header class="bar">
<a class="brand" href="/">${esc(m.share_site_name())}</a>
<nav class="langs" aria-label="Language / ভাষা">
${LOCALES.map((locale) => languageLink(ctx, locale)).join('\n')}
</nav>
</header>
<main id="main">
${body}
</main>
<footer><a href="/">${esc(m.share_go_home())}</a></footer>
</body>
</html>
`;
}

/** The link to the page in a language, named in that language; the page's own is the current one. */
function languageLink(ctx: PageContext, locale: Locale): string {
  const current = locale === ctx.locale ? ' aria-current="true"' : '';
  return `<a href="${esc(`${ctx.path}?lang=${locale}`)}" hreflang="${locale}" lang="${locale}"${current}>${esc(localeInfo(locale).name)}</a>`;
}

const localNumber = (value: number | string, locale: Locale) => localDigits(String(value), locale);

/** The ad's area and district from the place tree in the page's language; an old ad's city as typed. */
function placeText(placeId: string | null, city: string, locale: Locale): string {
  const place = placeId ? placeSummary(bundledPlaceIndex(), placeId) : undefined;
  return rentAdPlace({ place, city: publicText(city) }, locale);
}

function safetyTips(): string {
  const tips = [
    m.share_safety_advance(),
    m.share_safety_daylight(),
    m.share_safety_papers(),
    m.share_safety_agreement(),
  ];
  return `<details class="tips" open>
<summary>${esc(m.share_safety_title())}</summary>
<ul>${tips.map((tip) => `<li>${esc(tip)}</li>`).join('')}</ul>
</details>`;
}

function photoUrlFor(origin: string, photo: StoredPhoto | null | undefined): string | undefined {
  if (!photo) return undefined;
  const og = ogImagePath(photo.url);
  return og ? absoluteUrl(origin, og) : undefined;
}

export function rentAdTitle(ad: PublicRentAd, locale: Locale): string {
  const place = placeText(ad.post.placeId, ad.post.city, locale);
  return m.share_rent_title(
    { category: rentCategoryName(ad.post.category, locale), place, placeIn: locative(place, locale) },
    { locale },
  );
}

export function rentAdPage(ctx: PageContext, ad: PublicRentAd): string {
  const { post } = ad;
  const title = rentAdTitle(ad, ctx.locale);
  const price = m.share_rent_price({
    price: formatTaka(post.cost, ctx.locale),
    per: rentPerFrequency(post.rentPaymentFrequency, ctx.locale),
  });
  const place = placeText(post.placeId, post.city, ctx.locale);
  const details = publicText(post.details);
  const description = shortText(`${price}. ${details}`, 200);
  const [first, ...rest] = post.photos;
  const gallery = first
    ? `<img class="hero" src="${esc(first.url)}" alt="${esc(title)}" width="800" height="600" fetchpriority="high">
${
  rest.length
    ? `<ul class="thumbs">${rest
        .map(
          // Each link is named by its photo (a link holding only an unnamed image says nothing to a screen reader).
          (photo, index) =>
            `<li><a href="${esc(photo.url)}"><img src="${esc(photo.thumbnailUrl)}" alt="${esc(
              m.share_rent_photo({
                number: localNumber(String(index + 2), ctx.locale),
                count: localNumber(String(post.photos.length), ctx.locale),
              }),
            )}" width="96" height="72" loading="lazy"></a></li>`,
        )
        .join('')}</ul>`
    : ''
}`
    : '';
  const body = `<article class="card ad">
<div>${gallery}</div>
<div>
<h1>${esc(title)}</h1>
<p class="price">${esc(price)}</p>
<ul class="facts">
<li>${esc(place)}${post.placeId ? '' : ` ${esc(localNumber(post.postalCode, ctx.locale))}`}</li>
<li>${esc(m.share_rent_available_from({ date: formatCalendarDate(post.rentStartDate, ctx.locale) }))}</li>
<li>${esc(m.share_rent_posted_by({ name: publicText(ad.posterName) }))}</li>
</ul>
<a class="cta" href="/main/view-rent/${esc(post.id)}">${esc(m.share_see_number_on_basha())}</a>
${safetyTips()}
</div>
</article>
<section class="card">
<h2>${esc(m.share_rent_details())}</h2>
<p class="details">${esc(details)}</p>
<p><a href="/main/rent">${esc(m.share_browse_rentals())}</a></p>
</section>`;
  return document(
    ctx,
    { title, description, image: photoUrlFor(ctx.origin, first), imageAlt: title, type: 'article', index: true },
    body,
  );
}

function serviceName(row: ServiceRow, locale: Locale): string {
  const category = parseServiceCategory(row.category);
  return category && category !== 'all' ? serviceCategoryName(category, locale) : row.category;
}

function serviceAreas(row: ServiceRow, locale: Locale): string {
  const places = row.servicePlaceIds.flatMap((id) => {
    const place = placeSummary(bundledPlaceIndex(), id);
    return place ? [placeName(place, locale)] : [];
  });
  return (places.length > 0 ? places : row.serviceArea.map(publicText)).join(', ');
}

function priceRange(row: ServiceRow, locale: Locale): string {
  return m.share_pros_price_range({
    min: formatTaka(row.minimumPrice, locale),
    max: formatTaka(row.maximumPrice, locale),
  });
}

export function providerTitle(provider: PublicProvider, locale: Locale): string {
  return m.share_pros_title({
    name: publicText(provider.name),
    services: provider.services.map((row) => serviceName(row, locale)).join(', '),
  });
}

export function providerPage(ctx: PageContext, provider: PublicProvider): string {
  const { locale } = ctx;
  const title = providerTitle(provider, locale);
  const minimum = Math.min(...provider.services.map((row) => row.minimumPrice));
  const maximum = Math.max(...provider.services.map((row) => row.maximumPrice));
  const areas = provider.services.map((row) => serviceAreas(row, locale)).join(', ');
  const description = shortText(
    m.share_pros_description({
      services: provider.services.map((row) => serviceName(row, locale)).join(', '),
      areas,
      areasIn: locative(areas, locale),
      min: formatTaka(minimum, locale),
      max: formatTaka(maximum, locale),
    }),
    200,
  );
  const cover = provider.services.find((row) => row.coverImage)?.coverImage;
  const image =
    photoUrlFor(ctx.origin, cover) ??
    photoUrlFor(ctx.origin, provider.profileImage ? { url: provider.profileImage, thumbnailUrl: '' } : null);
  const average = provider.averageRating;
  const rating =
    average === undefined
      ? ''
      : `<p class="muted">${esc(
          m.share_pros_rating({
            average: localNumber(average.toFixed(1), locale),
            count: localNumber(provider.reviewCount, locale),
          }),
        )}</p>`;
  const services = provider.services
    .map(
      (row) => `<article class="card service">
${row.coverImage ? `<img class="cover" src="${esc(row.coverImage.url)}" alt="" width="640" height="360" loading="lazy">` : ''}
<div>
<h2>${esc(serviceName(row, locale))}</h2>
<p class="price">${esc(priceRange(row, locale))}</p>
<ul class="facts">
<li>${esc(m.share_pros_areas({ areas: serviceAreas(row, locale) }))}</li>
<li>${esc(availableTimeLabel(row.availableTime as AvailableTime))} · ${esc(
        inWeekOrder(row.availableDays as Weekday[])
          .map((day) => weekdayLabel(day))
          .join(', '),
      )}</li>
</ul>
<p class="details">${esc(publicText(row.description))}</p>
</div>
</article>`,
    )
    .join('\n');
  const reviews =
    provider.reviews.length === 0
      ? `<p class="muted">${esc(m.share_pros_no_reviews())}</p>`
      : `<ul class="reviews">${provider.reviews
          .map(
            (review) =>
              `<li><h3>${esc(
                m.share_pros_review_by({
                  name: publicText(review.clientName),
                  rating: localNumber(review.rating, locale),
                }),
              )}</h3><p class="details">${esc(publicText(review.feedback))}</p></li>`,
          )
          .join('')}</ul>`;
  const avatar = provider.profileImage
    ? `<img class="avatar" src="${esc(provider.profileImage)}" alt="" width="64" height="64">`
    : '';
  const body = `<section class="card">
<div class="who">${avatar}<div><h1>${esc(title)}</h1>${rating}</div></div>
<a class="cta" href="/main/prof-profile/${esc(provider.id)}">${esc(m.share_see_number_on_basha())}</a>
${safetyTips()}
</section>
${services}
<section class="card">
<h2>${esc(m.share_pros_heading_reviews())}</h2>
${reviews}
</section>`;
  return document(ctx, { title, description, image, imageAlt: title, type: 'profile', index: true }, body);
}

/** The page for a listing that is not there (404) or was deleted (410). */
export function unavailablePage(ctx: PageContext, gone: boolean): string {
  const title = gone ? m.share_gone_title() : m.share_not_found_title();
  const text = gone ? m.share_gone_body() : m.share_not_found_body();
  const body = `<section class="card">
<h1>${esc(title)}</h1>
<p>${esc(text)}</p>
<a class="cta" href="/">${esc(m.share_go_home())}</a>
</section>`;
  return document(ctx, { title, description: text, type: 'website', index: false }, body);
}
