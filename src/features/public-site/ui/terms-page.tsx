import { InfoPage } from './info-page';

export function TermsPage() {
  return (
    <InfoPage title="Terms of use" lead="The rules that keep Basha useful and fair for everyone who uses it.">
      <h2>1. Your account</h2>
      <p>
        You must give true details, keep your password to yourself and confirm your e-mail address. You are responsible
        for what is posted from your account. One person, one account.
      </p>
      <h2>2. Listings</h2>
      <ul>
        <li>Rent ads must describe a real property you may let, with its true price in taka and availability date.</li>
        <li>Service offers must describe work you really do. Each person may offer at most two services at a time.</li>
        <li>Photos must be your own or ones you may use, and must show the actual property or work.</li>
        <li>Mark a property Booked, or remove the ad, as soon as it is no longer available.</li>
      </ul>
      <h2>3. Reviews</h2>
      <p>
        Review only services you used, honestly and politely. You cannot review your own service. A new review of the
        same service replaces your earlier one.
      </p>
      <h2>4. Dealing with each other</h2>
      <p>
        Basha introduces people; the agreement for a rental or a job is between you and the other person. Meet in safe
        places, check the property or the work before paying, and never send advance money to someone you have not met.
      </p>
      <h2>5. What is not allowed</h2>
      <ul>
        <li>False, misleading or duplicate listings, and fake reviews.</li>
        <li>Harassment, discrimination or sharing someone else&apos;s private details.</li>
        <li>Trying to break, overload or get around the security of Basha.</li>
      </ul>
      <p>We may remove content or close accounts that break these rules.</p>
      <h2>6. Changes</h2>
      <p>
        We may update these terms; we will tell you in the app before a change affects you. These terms follow the laws
        of Bangladesh.
      </p>
    </InfoPage>
  );
}
