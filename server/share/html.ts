/**
 * Escaping for the server-rendered public pages. Everything a person typed (names, details, reviews) goes
 * through `escapeHtml` before it is written into a page, in text and in attribute values alike: the five
 * characters that can end a text or an attribute are replaced, so no typed text can open a tag or an attribute.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Text for XML (the sitemap): the same five characters. */
export const escapeXml = escapeHtml;

/**
 * A run of digits that looks like a phone number (8 or more digits, Latin or Bangla, with the spaces, dashes,
 * dots, brackets and plus signs people write between them). The public pages hide such runs in what a poster
 * typed: the number is for signed-in people only, however it was written.
 */
const PHONE_LIKE = /[+(]?[0-9০-৯](?:[\s\-.()]*[0-9০-৯]){7,}/g;

export function withoutPhoneNumbers(text: string, mask = '•••'): string {
  return text.replace(PHONE_LIKE, mask);
}

/** At most `maxChars` characters (whole code points), an ellipsis added when cut; spaces collapsed. */
export function shortText(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= maxChars
    ? flat
    : `${chars
        .slice(0, maxChars - 1)
        .join('')
        .trimEnd()}…`;
}
