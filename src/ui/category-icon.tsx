import type { ServiceCategory } from '@/domain/service-category';

// 24 x 24 line drawings, one per category (accounts spec, section 9: each category has an icon).
const PATHS: Record<ServiceCategory, string> = {
  Maid: 'M14 3l-4 9M7 12h8l2 9H5zM9 16v5M13 16v5',
  'Home Shifter': 'M2 6h11v10H2zM13 9h4l4 4v3h-8zM6 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1',
  Tutor: 'M12 6c-2-1.5-5-2-9-1.5v13c4-.5 7 0 9 1.5 2-1.5 5-2 9-1.5v-13c-4-.5-7 0-9 1.5zM12 6v13',
  Electrician: 'M13 2L4 14h7l-1 8 9-12h-7z',
  'IT Provider': 'M3 4h18v12H3zM8 20h8M12 16v4M9 8l-2 2 2 2M15 8l2 2-2 2',
  Painter: 'M4 3h13v5H4zM17 5.5h3v6h-9V15M9.5 15h3v6h-3z',
  Plumber: 'M3 7h8v12M3 11h4v8M15 4a4 4 0 1 0 3 6l3 3 1.5-1.5-3-3a4 4 0 0 0-4.5-4.5l2 2-1.5 1.5z',
};

export function CategoryIcon({ category, size = 24 }: { category: ServiceCategory; size?: number }) {
  return (
    <svg
      className="category-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[category]} />
    </svg>
  );
}
