import type { User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { currentFirebaseUser } from '@/lib/firebase';
import { SpinnerScreen } from '@/ui/spinner';
import { RegistrationForm } from './register-page';

/**
 * /auth/phone/register (issue 40): a number that signed in by SMS code and has no Basha account yet registers
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
  return <RegistrationForm phone={{ user, phoneNumber: user.phoneNumber }} />;
}
