/** Cuts a text at `maxChars` characters and adds an ellipsis; shorter texts are left as they are. */
export function truncateText(text: string, maxChars: number): string {
  const chars = Array.from(text);
  return chars.length <= maxChars ? text : `${chars.slice(0, maxChars).join('')}...`;
}
