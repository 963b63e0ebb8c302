import type { RentPost } from './rent-post';
import type { ServiceRecord } from './service';

/**
 * What a visitor's copy of a listing lacks (issue 40): the server leaves these fields out of a visitor's answers
 * (server/listings/visitor-view.ts) and the app stores them empty, so that a listing has one shape on the phone
 * whoever read it. An empty phone number means "ask for it" (Show number), an empty street "not shown".
 */
export const RENT_POST_WITHHELD = ['contactInfo', 'addressLine', 'postalCode'] as const satisfies (keyof RentPost)[];
export const SERVICE_WITHHELD = ['contactNumber', 'addressLine'] as const satisfies (keyof ServiceRecord)[];

/** The row as the app stores it: each withheld field the answer left out is empty. */
export function withWithheldEmpty<Row extends object>(row: Row, withheld: readonly string[]): Row {
  const missing = withheld.filter((field) => typeof Reflect.get(row, field) !== 'string');
  return missing.length === 0 ? row : { ...row, ...Object.fromEntries(missing.map((field) => [field, ''])) };
}
