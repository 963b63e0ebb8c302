/** Text shapes shared by every form that asks for them. */

/** Local part, at-sign, domain, dot, and an ending of 2 to 4 letters (shell spec 5.1). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/** Digits, plus, hyphen, whitespace and parentheses only, with at least one digit. */
export const PHONE_PATTERN = /^(?=.*\d)[\d+\-\s()]+$/;
