import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from '@/ui/button';

/**
 * The rent list's heading, its lead and the way to post an ad. The page draws it, and the build prerenders it as the
 * list's first screen (src/app/prerender/landing-first-screen.tsx), so both must stay the same markup.
 */
export function RentListHeader() {
  return (
    <header className="rent-page__header">
      <div>
        <h1>{m.rent_list_title()}</h1>
        <p className="rent-page__lead">{m.rent_list_lead()}</p>
      </div>
      <ButtonLink to="/main/add-rent">{m.rent_add_new_rental()}</ButtonLink>
    </header>
  );
}
