import type { ReactNode } from 'react';
import './auth.css';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/** The frame of every account page: a brand panel beside a form card (stacked on phones). */
export function AuthShell({ title, subtitle, children, wide }: AuthShellProps) {
  return (
    <div className={wide ? 'auth-shell auth-shell--wide' : 'auth-shell'}>
      <aside className="auth-shell__brand" aria-hidden="true">
        <p className="auth-shell__kicker">Basha</p>
        <p className="auth-shell__tagline">Making Home Service Seamless and Living Easy</p>
        <ul className="auth-shell__points">
          <li>Trusted maids, tutors, plumbers and electricians near you</li>
          <li>Rooms, flats and offices for rent, priced in taka</li>
          <li>Works on slow connections and keeps working offline</li>
        </ul>
      </aside>
      <section className="auth-shell__card card">
        <h1 className="auth-shell__title">{title}</h1>
        {subtitle ? <p className="auth-shell__subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
