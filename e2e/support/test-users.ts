import { randomUUID } from 'node:crypto';

/** A new person to register, unique per call so tests never collide. */
export function newPerson() {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Rahim Test ${tag}`,
    email: `rahim.${tag}@example.com`,
    password: `pass-${tag}`,
    phoneNumber: '+880 1712 345678',
    gender: 'Male',
    day: '14',
    month: '4',
    year: '1994',
    nationality: 'Bangladeshi',
    occupation: 'Electrician',
    street: 'House 12, Road 5, Dhanmondi',
    city: 'Dhaka',
    postalCode: '1205',
  };
}
export type Person = ReturnType<typeof newPerson>;
