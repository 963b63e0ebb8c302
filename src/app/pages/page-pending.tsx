import { ButtonLink } from '@/ui/button';

/** Routes of the spec whose screens are not built yet answer honestly rather than with a 404. */
export function PagePending({ title }: { title: string }) {
  return (
    <section className="not-found">
      <h1>{title}</h1>
      <p>This part of Basha is being built and will open soon.</p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </section>
  );
}
