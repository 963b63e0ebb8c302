import { Link } from 'react-router-dom';
import { SERVICE_PAGE_SLUGS, servicePagePath } from '@/domain/service-pages';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { SERVICE_PAGE_LABELS } from '../page-titles';

const SERVICE_LINKS = SERVICE_PAGE_SLUGS.map((slug) => ({
  to: servicePagePath(slug),
  label: SERVICE_PAGE_LABELS[slug],
}));

const COMPANY_LINKS = [
  { to: '/about', label: () => m.app_footer_about_link() },
  { to: '/contact', label: () => m.app_footer_contact() },
  { to: '/privacy', label: () => m.app_footer_privacy() },
  { to: '/terms', label: () => m.app_footer_terms() },
];

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://twitter.com/', label: 'Twitter' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">{m.app_brand()}</p>
          <p>{m.app_footer_about()}</p>
        </div>
        <nav aria-label={m.app_footer_services()}>
          <p className="site-footer__heading">{m.app_footer_services()}</p>
          <ul>
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label()}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={m.app_footer_company()}>
          <p className="site-footer__heading">{m.app_footer_company()}</p>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label()}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={m.app_footer_social()}>
          <p className="site-footer__heading">{m.app_footer_follow_us()}</p>
          <ul>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        {m.app_footer_legal({ year: localDigits(String(new Date().getFullYear()), getLocale()) })}
      </p>
    </footer>
  );
}
