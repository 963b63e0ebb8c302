/** Simple line icons for the landing tiles (24x24, stroke currentColor). */
const PATHS: Record<string, string> = {
  rent: 'M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  maid: 'M7 3v8m0 0-3 9h6l-3-9Zm7-4h5l-1 9h-3zM15 13h3m-4 8h6',
  shifter: 'M2 7h11v9H2zm11 3h4l3 3v3h-7M6 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01',
  plumber: 'M4 4h6v4H7v4h6v-3h7v6h-7v-1H7a3 3 0 0 1-3-3zM16 18v3',
  tutor: 'M2 8l10-5 10 5-10 5zM6 10v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 8v6',
  electrician: 'M13 2 4 14h7l-1 8 9-12h-7z',
  it: 'M3 5h18v11H3zM8 20h8M12 16v4',
  painter: 'M4 4h13v5H4zM17 6h3v6h-8v3M11 15h2v6h-2z',
};

export type GlyphName = keyof typeof PATHS;

export function CategoryGlyph({ name }: { name: GlyphName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
