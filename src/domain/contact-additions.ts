/**
 * The pages where a signed-in person adds a way to reach and prove their account (issue 40): an e-mail account
 * proves a phone number by SMS code, an account made with a phone number adds an e-mail address (and a password
 * to sign in with it), proven by the mailed code. The profile page links to them.
 */
export const ADD_PHONE_PATH = '/main/add/phone';
export const ADD_PHONE_CODE_PATH = '/main/add/phone/code';
export const ADD_EMAIL_PATH = '/main/add/email';
/** The page of each path names what is added (`phone`, `email`): its title says so. */
export const ADDED_CONTACTS = ['phone', 'email'] as const;
