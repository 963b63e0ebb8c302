import type { ReactNode } from 'react';
import './info-pages.css';

/** The frame of Basha's text pages: a title band and a readable column. */
export function InfoPage({
  title,
  lead,
  children,
  aside,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <article className="info-page">
      <header className="info-page__band">
        <div className="info-page__band-inner">
          <h1>{title}</h1>
          <p className="info-page__lead">{lead}</p>
        </div>
      </header>
      <div className={aside ? 'info-page__body info-page__body--with-aside' : 'info-page__body'}>
        <div className="info-page__text card">{children}</div>
        {aside ? <aside className="info-page__aside">{aside}</aside> : null}
      </div>
    </article>
  );
}
