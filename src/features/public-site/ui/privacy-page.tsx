import { InfoPage } from './info-page';

export function PrivacyPage() {
  return (
    <InfoPage
      title="Privacy"
      lead="What Basha keeps about you, where it keeps it, for how long, and what stays on your own phone."
    >
      <h2>What we keep on our servers</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Why</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              Your profile: name, e-mail, phone, gender, nationality, occupation, date of birth, address, social links,
              photo
            </td>
            <td>To show who offers a service or posts an ad, and to let people contact you</td>
            <td>Until you delete your account</td>
          </tr>
          <tr>
            <td>Your NID number, if you give it</td>
            <td>Shown only to you; never to other users</td>
            <td>Until you remove it or delete your account</td>
          </tr>
          <tr>
            <td>Rent ads, services, reviews and their photos</td>
            <td>They are what you publish on Basha</td>
            <td>
              Until you delete them; removed listings are kept as a marker without content for 30 days so phones can
              forget them
            </td>
          </tr>
          <tr>
            <td>Sign-in sessions</td>
            <td>To keep you signed in</td>
            <td>14 days, or until you sign out</td>
          </tr>
          <tr>
            <td>Verification codes</td>
            <td>To confirm your e-mail address; stored only in scrambled (hashed) form</td>
            <td>10 minutes</td>
          </tr>
          <tr>
            <td>Messages from the feedback and contact forms</td>
            <td>To answer you and improve Basha</td>
            <td>Until the team has dealt with them</td>
          </tr>
        </tbody>
      </table>
      <p>
        Your password is never sent to Basha&apos;s servers: it goes to our sign-in provider (Firebase Authentication by
        Google), which stores it protected and checks it when you sign in.
      </p>
      <h2>Photos</h2>
      <p>
        Every photo you upload is re-encoded before it is stored. This removes hidden information such as the GPS
        location and the camera details that phones add to pictures.
      </p>
      <h2>What stays on your phone</h2>
      <ul>
        <li>
          <strong>Two cookies</strong>, <code>bashaSelfId</code> and <code>bashaSelfToken</code>, hold your user id and
          your session for 14 days. Signing out removes them.
        </li>
        <li>
          <strong>Listings you have browsed</strong> (rent ads, services and their reviews) are copied into your
          browser&apos;s storage (IndexedDB) so Basha works offline. They are public listings, not private data.
        </li>
        <li>
          <strong>Posts waiting to be sent</strong>: an ad, service or review made while offline waits in the same
          storage, with its photos, until it has been sent; then it is removed.
        </li>
        <li>
          <strong>The app itself</strong> and recently seen photos are cached so pages open without a connection.
        </li>
      </ul>
      <p>You can clear all of this at any time in your browser&apos;s site settings.</p>
      <h2>Who we share with</h2>
      <p>
        Nobody buys your data from Basha. Your public profile, listings and reviews are visible to signed-in users. Our
        sign-in and e-mail providers process only what they need to sign you in and send your codes.
      </p>
      <h2>Your choices</h2>
      <p>
        You can edit your profile and listings at any time. To delete your account or get a copy of your data, write to{' '}
        <a href="mailto:privacy@basha.app">privacy@basha.app</a>; we act within 30 days.
      </p>
    </InfoPage>
  );
}
