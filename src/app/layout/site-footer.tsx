import { Link } from 'react-router-dom';
import { servicePageLabel } from '@/domain/service-page-labels';
import { SERVICE_PAGE_SLUGS, servicePagePath } from '@/domain/service-pages';

const SERVICE_LINKS = SERVICE_PAGE_SLUGS.map((slug) => ({
  to: servicePagePath(slug),
  label: () => servicePageLabel(slug),
}));

const COMPANY_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
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
          <p className="site-footer__brand">Basha</p>
          <p>
            Your one-stop solution for home services and rentals, connecting you with trusted professionals and
            properties across Bangladesh.
          </p>
        </div>
        <nav aria-label="Services">
          <p className="site-footer__heading">Services</p>
          <ul>
            {SERVICE_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label()}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <p className="site-footer__heading">Company</p>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Social">
          <p className="site-footer__heading">Follow us</p>
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
      <p className="site-footer__legal">© {new Date().getFullYear()} Basha. Built in Dhaka by the Basha team.</p>
    </footer>
  );
}
