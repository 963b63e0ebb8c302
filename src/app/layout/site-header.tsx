import type { Variants } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { HEADER_SCROLLED_AFTER_PX } from '@/domain/constants';
import { findServicePath, serviceCategoryName, type ServiceCategory } from '@/domain/service-category';
import { selfIdAtom } from '@/features/accounts/session/session-atoms';
import { signOut } from '@/features/accounts/session/session-flows';
import { VerifyEmailNavItem } from '@/features/accounts/ui/verify-email-nav-item';
import { ModerationNavItem } from '@/features/moderation/ui/moderation-nav-item';
import { RequestsNavItem } from '@/features/requests/ui/requests-nav-item';
import { MessagesNavItem } from '@/features/conversations/ui/messages-nav-item';
import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from '@/ui/button';
import { LanguageSwitch } from '@/ui/language-switch';
import { DataSaverSwitch } from '@/ui/data-saver-switch';
import { SignOutButton } from '@/ui/sign-out-button';
import { SignOutEverywhere } from '@/ui/sign-out-everywhere';
import { isMobileUserAgent } from '@/lib/mobile-user-agent';
import { offlineSupportStartedAtom } from '../offline/offline-support-loader';
import { InstallButton } from '../pwa/install-button';
import { showToast } from '@/ui/toast/toast-atoms';
import { useMotionKit, type MotionKit } from '@/ui/motion/use-motion-kit';
import { lazyOptional } from '@/ui/lazy-optional';

// The outbox badge reads IndexedDB: it loads with the offline machinery, not with the page.
const OutboxButton = lazyOptional(() => import('../offline/outbox-button').then((m) => m.OutboxButton));

// The order of the shell spec, section 2.3.
const SERVICE_NAV_ORDER: ServiceCategory[] = [
  'Maid',
  'Home Shifter',
  'Plumber',
  'Tutor',
  'Electrician',
  'IT Provider',
  'Painter',
];

// The open menu drops in (framer-motion, once loaded). Closing needs no motion: the closed menu is not shown,
// and on wide screens, where the links sit in the header, the menu never opens.
const MENU_VARIANTS: Variants = {
  closed: {},
  open: { opacity: [0, 1], y: [-8, 0], transition: { duration: 0.2, ease: 'easeOut' } },
};

const NAV_LINKS: { to: string; label: () => string }[] = [
  { to: '/main/rent', label: () => m.app_nav_rent() },
  ...SERVICE_NAV_ORDER.map((category) => ({
    to: findServicePath(category),
    label: () => serviceCategoryName(category),
  })),
];

export function SiteHeader() {
  const selfId = useAtomValue(selfIdAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  // The menu is open for the page it was opened on: moving to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string>();
  const menuOpen = menuOpenOn === location.pathname;
  const [mobileDevice] = useState(isMobileUserAgent);
  const offlineSupport = useAtomValue(offlineSupportStartedAtom);
  // The menu takes framer-motion while it is closed: the menu is remounted once, unseen on a phone.
  const loadedMotion = useMotionKit();
  const [menuMotion, setMenuMotion] = useState<MotionKit>();
  if (loadedMotion && !menuMotion && !menuOpen) setMenuMotion(loadedMotion);

  // Whether the page is scrolled past the first few pixels, told by an observer of a mark at the top of the page. Not
  // read from window.scrollY: reading the position lays the page out, and a first look at mount forced a whole extra
  // layout of the page being drawn (40 ms of a slow phone's first list frame). The observer answers after the
  // browser's own layout, at once for the first time, and again whenever the mark comes into or leaves view.
  const scrollMark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mark = scrollMark.current;
    if (!mark || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setScrolled(entry?.isIntersecting === false), {
      rootMargin: `${HEADER_SCROLLED_AFTER_PX}px 0px 0px 0px`,
    });
    observer.observe(mark);
    return () => observer.disconnect();
  }, []);

  // An open menu locks page scrolling underneath.
  useEffect(() => {
    document.body.classList.toggle('scroll-locked', menuOpen);
    return () => document.body.classList.remove('scroll-locked');
  }, [menuOpen]);

  const onSignedOut = () => {
    showToast(m.app_signed_out(), 'info');
    navigate('/');
  };
  const onSignedOutEverywhere = () => {
    showToast(m.app_signed_out_everywhere(), 'info');
    navigate('/');
  };

  // Black over the landing page's dark hero, white everywhere else.
  const theme = location.pathname === '/' ? 'black' : 'white';
  const className = [
    'site-header',
    `site-header--${theme}`,
    scrolled ? 'site-header--scrolled' : '',
    mobileDevice ? 'site-header--mobile-device' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <div ref={scrollMark} className="site-header__scroll-mark" aria-hidden="true" />
      <header className={className} data-scrolled={scrolled} data-theme={theme}>
        <div className="site-header__inner">
          <Link to="/" className="site-header__brand" aria-label={m.app_home_link()}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{m.app_brand()}</span>
          </Link>
          <div className="site-header__status">
            {offlineSupport ? (
              <Suspense fallback={null}>
                <OutboxButton />
              </Suspense>
            ) : null}
          </div>
          <button
            type="button"
            className="site-header__menu-button"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpenOn(menuOpen ? undefined : location.pathname)}
          >
            <span className="visually-hidden">{menuOpen ? m.app_menu_close() : m.app_menu_open()}</span>
            <span className="site-header__burger" aria-hidden="true" />
          </button>
          <Menu kit={menuMotion} open={menuOpen}>
            <nav className="site-nav" aria-label={m.app_nav_label()}>
              <ul className="site-nav__links">
                {NAV_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className="site-nav__link">
                      {link.label()}
                    </NavLink>
                  </li>
                ))}
                {selfId ? (
                  <li>
                    <NavLink to={`/main/profile/${selfId}`} className="site-nav__link">
                      {m.app_nav_profile()}
                    </NavLink>
                  </li>
                ) : null}
                {selfId ? (
                  <li>
                    <NavLink to="/main/saved" className="site-nav__link">
                      {m.saved_menu_link()}
                    </NavLink>
                  </li>
                ) : null}
                {selfId ? <MessagesNavItem selfId={selfId} /> : null}
                {selfId ? <RequestsNavItem selfId={selfId} /> : null}
                {selfId ? (
                  <li>
                    <NavLink to="/main/notifications" className="site-nav__link">
                      {m.alerts_menu_link()}
                    </NavLink>
                  </li>
                ) : null}
                {selfId ? <VerifyEmailNavItem selfId={selfId} /> : null}
                {selfId ? <ModerationNavItem selfId={selfId} /> : null}
              </ul>
            </nav>
            <div className="site-nav__actions">
              <LanguageSwitch />
              <DataSaverSwitch />
              <InstallButton />
              {selfId ? (
                <>
                  <SignOutButton selfId={selfId} onSignOut={() => signOut()} onDone={onSignedOut}>
                    {m.app_sign_out()}
                  </SignOutButton>
                  {/* In the phone's menu; a wide screen's bar has no room for it beside Install, and the profile
                      page, one link away, offers it too. */}
                  <SignOutEverywhere
                    className="site-nav__menu-only"
                    onSignOutEverywhere={() => signOut({ everywhere: true })}
                    onDone={onSignedOutEverywhere}
                  />
                </>
              ) : (
                <>
                  <ButtonLink to="/auth/login" variant="ghost">
                    {m.app_sign_in()}
                  </ButtonLink>
                  <ButtonLink to="/auth/register">{m.app_join()}</ButtonLink>
                </>
              )}
            </div>
          </Menu>
        </div>
      </header>
    </>
  );
}

/**
 * The phone's menu panel (the links and the account's actions); on wide screens its box drops out of the layout
 * (`display: contents`) and its two parts take their places in the header's grid: the actions on the top row,
 * the links on a row of their own below.
 */
function Menu({ kit, open, children }: { kit: MotionKit | undefined; open: boolean; children: ReactNode }) {
  const props = { id: 'site-nav', className: open ? 'site-menu site-menu--open' : 'site-menu' };
  if (!kit) return <div {...props}>{children}</div>;
  return (
    <kit.MotionScope>
      <kit.m.div {...props} initial={false} animate={open ? 'open' : 'closed'} variants={MENU_VARIANTS}>
        {children}
      </kit.m.div>
    </kit.MotionScope>
  );
}
