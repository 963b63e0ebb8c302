import { ButtonLink } from '@/ui/button';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found__code">404</p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </section>
  );
}
