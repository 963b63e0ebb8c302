import type { ReactNode } from 'react';
import { m } from '@/i18n/generated/messages.js';
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
        <p className="auth-shell__kicker">{m.accounts_brand()}</p>
        <p className="auth-shell__tagline">{m.accounts_brand_tagline()}</p>
        <ul className="auth-shell__points">
          <li>{m.accounts_brand_point_services()}</li>
          <li>{m.accounts_brand_point_rent()}</li>
          <li>{m.accounts_brand_point_offline()}</li>
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
