import type { User } from 'firebase/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { currentFirebaseUser } from '@/lib/firebase-phone';
import { SpinnerScreen } from '@/ui/spinner';

// The register page's form, loaded only for a new number (it is the register page's own chunk).
const RegistrationForm = lazy(() => import('./register-page').then((m) => ({ default: m.RegistrationForm })));

/**
 * /auth/phone/register (issue 40; a step of ./phone-page.tsx): a number that signed in by SMS code and has no Basha account yet registers
 * with the registration form, without e-mail and password. The number is the Firebase user's, signed in on this
 * phone (a reload keeps it); without one, the number is asked first.
 */
export function PhoneRegisterPage() {
  const location = useLocation();
  const [user, setUser] = useState<User | null>();
  useEffect(() => {
    let live = true;
    currentFirebaseUser().then(
      (found) => live && setUser(found),
      () => live && setUser(null),
    );
    return () => {
      live = false;
    };
  }, []);
  if (user === undefined) return <SpinnerScreen />;
  if (!user?.phoneNumber) return <Navigate to="/auth/phone" replace state={location.state as unknown} />;
  return (
    <Suspense fallback={<SpinnerScreen />}>
      <RegistrationForm phone={{ user, phoneNumber: user.phoneNumber }} />
    </Suspense>
  );
}
