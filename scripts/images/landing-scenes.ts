/**
 * Flat illustrations for the landing page, drawn as SVG so the project ships its own images (no stock-photo
 * host: the app must work offline). `generate-landing-images.ts` renders them to WebP at several widths.
 */

export interface Scene {
  name: string;
  width: number;
  height: number;
  svg: string;
}

/** A small deterministic random source, so the same scene renders the same every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function skyline(width: number, baseY: number, seed: number, colors: string[], litColor: string, litShare: number): string {
  const next = random(seed);
  let x = -20;
  let out = '';
  while (x < width) {
    const w = 60 + next() * 110;
    const h = 120 + next() * 320;
    const color = colors[Math.floor(next() * colors.length)];
    out += `<rect x="${x.toFixed(0)}" y="${(baseY - h).toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" fill="${color}"/>`;
    for (let wy = baseY - h + 16; wy < baseY - 20; wy += 26) {
      for (let wx = x + 10; wx < x + w - 16; wx += 22) {
        if (next() < litShare) out += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="10" height="14" rx="1" fill="${litColor}" opacity="${(0.55 + next() * 0.45).toFixed(2)}"/>`;
      }
    }
    x += w + 4 + next() * 12;
  }
  return out;
}

function hero(): Scene {
  const width = 1600;
  const height = 900;
  return {
    name: 'hero',
    width,
    height,
    svg: svg(
      width,
      height,
      `<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#0b3b39"/><stop offset="0.55" stop-color="#136f63"/><stop offset="1" stop-color="#f4a259"/>
        </linearGradient>
        <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${width}" height="${height}" fill="url(#sky)"/>
      <circle cx="1220" cy="610" r="260" fill="url(#sun)" opacity="0.8"/>
      <circle cx="1220" cy="610" r="90" fill="#fcd34d" opacity="0.9"/>
      ${skyline(width, 820, 7, ['#0f3d3a', '#134e4a', '#115e59'], '#fde68a', 0.18)}
      ${skyline(width, 900, 11, ['#072a28', '#0b2f2c', '#08332f'], '#fcd34d', 0.28)}
      <rect y="860" width="${width}" height="40" fill="#051f1d"/>`,
    ),
  };
}

function room(name: string, accent: string, props: string): Scene {
  const width = 1200;
  const height = 900;
  return {
    name,
    width,
    height,
    svg: svg(
      width,
      height,
      `<rect width="${width}" height="${height}" fill="#f1ede4"/>
      <rect y="640" width="${width}" height="260" fill="#d8c3a5"/>
      <rect y="630" width="${width}" height="14" fill="#b08968"/>
      <rect x="760" y="120" width="320" height="300" rx="8" fill="#bfe3ef" stroke="#ffffff" stroke-width="16"/>
      <line x1="920" y1="120" x2="920" y2="420" stroke="#ffffff" stroke-width="10"/>
      <circle cx="1010" cy="190" r="34" fill="#fde68a"/>
      <rect x="60" y="160" width="220" height="150" rx="6" fill="${accent}" opacity="0.85"/>
      <rect x="80" y="180" width="180" height="110" rx="4" fill="#ffffff" opacity="0.35"/>
      ${props}`,
    ),
  };
}

function maidScene(): Scene {
  return room(
    'gallery-maid',
    '#0f766e',
    `<rect x="120" y="470" width="420" height="120" rx="30" fill="#0f766e"/>
     <rect x="140" y="420" width="380" height="90" rx="26" fill="#14b8a6"/>
     <rect x="130" y="580" width="20" height="50" fill="#134e4a"/><rect x="510" y="580" width="20" height="50" fill="#134e4a"/>
     <rect x="780" y="330" width="16" height="400" rx="8" fill="#8d6e63" transform="rotate(18 788 530)"/>
     <rect x="820" y="700" width="150" height="40" rx="14" fill="#f59e0b" transform="rotate(18 895 720)"/>
     <path d="M640 760 h150 l-20 110 h-110 z" fill="#38bdf8"/><ellipse cx="715" cy="760" rx="75" ry="16" fill="#7dd3fc"/>
     ${[0, 1, 2, 3, 4].map((i) => `<path d="M${300 + i * 150} ${700 + (i % 2) * 60} l8 -22 l8 22 l22 8 l-22 8 l-8 22 l-8 -22 l-22 -8 z" fill="#facc15"/>`).join('')}`,
  );
}

function tutorScene(): Scene {
  return room(
    'gallery-tutor',
    '#1e3a8a',
    `<rect x="80" y="120" width="560" height="330" rx="10" fill="#1f3d36" stroke="#8d6e63" stroke-width="14"/>
     <text x="130" y="230" font-family="Arial, sans-serif" font-size="64" fill="#f8fafc">a² + b² = c²</text>
     <text x="130" y="330" font-family="Arial, sans-serif" font-size="52" fill="#fde68a">1 2 3  A B C</text>
     <rect x="160" y="560" width="820" height="36" rx="6" fill="#92400e"/>
     <rect x="200" y="596" width="26" height="200" fill="#78350f"/><rect x="920" y="596" width="26" height="200" fill="#78350f"/>
     <rect x="260" y="500" width="170" height="60" rx="4" fill="#dc2626"/><rect x="270" y="470" width="150" height="34" rx="4" fill="#2563eb"/>
     <rect x="280" y="440" width="130" height="32" rx="4" fill="#16a34a"/>
     <path d="M700 560 l40 -160 h60 l-40 160 z" fill="#0f766e"/><circle cx="790" cy="392" r="34" fill="#fde68a" opacity="0.9"/>
     <rect x="500" y="520" width="140" height="40" rx="4" fill="#f8fafc" stroke="#cbd5e1" stroke-width="4"/>`,
  );
}

function moversScene(): Scene {
  const width = 1200;
  const height = 900;
  const boxes = [
    [120, 600, 170, 150],
    [300, 640, 130, 110],
    [180, 470, 140, 130],
    [20, 660, 90, 90],
  ]
    .map(
      ([x, y, w, h]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#c08552"/><rect x="${x! + w! / 2 - 12}" y="${y}" width="24" height="${h}" fill="#e6c28b"/>`,
    )
    .join('');
  return {
    name: 'gallery-movers',
    width,
    height,
    svg: svg(
      width,
      height,
      `<rect width="${width}" height="${height}" fill="#dbeafe"/>
      <rect y="750" width="${width}" height="150" fill="#475569"/>
      <rect y="815" width="${width}" height="10" fill="#f8fafc" stroke-dasharray="60 40" stroke="#f8fafc"/>
      ${skyline(width, 750, 3, ['#cbd5e1', '#94a3b8', '#b6c3d4'], '#f8fafc', 0.25)}
      <rect x="420" y="430" width="420" height="290" rx="12" fill="#f59e0b"/>
      <rect x="840" y="530" width="200" height="190" rx="18" fill="#0f766e"/>
      <rect x="870" y="555" width="120" height="80" rx="8" fill="#bfe3ef"/>
      <text x="460" y="600" font-family="Arial, sans-serif" font-weight="700" font-size="72" fill="#1c1917">BASHA</text>
      <circle cx="520" cy="740" r="52" fill="#1f2937"/><circle cx="520" cy="740" r="22" fill="#cbd5e1"/>
      <circle cx="930" cy="740" r="52" fill="#1f2937"/><circle cx="930" cy="740" r="22" fill="#cbd5e1"/>
      ${boxes}`,
    ),
  };
}

function bannerHouse(): Scene {
  const width = 1600;
  const height = 700;
  return {
    name: 'banner-dream',
    width,
    height,
    svg: svg(
      width,
      height,
      `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#s)"/>
      <ellipse cx="400" cy="720" rx="700" ry="220" fill="#4ade80"/><ellipse cx="1300" cy="740" rx="700" ry="240" fill="#22c55e"/>
      <rect x="560" y="300" width="520" height="300" fill="#fefce8"/>
      <path d="M520 310 L820 120 L1120 310 Z" fill="#b91c1c"/>
      <rect x="780" y="440" width="90" height="160" rx="6" fill="#92400e"/>
      <rect x="620" y="380" width="110" height="90" rx="6" fill="#38bdf8" stroke="#ffffff" stroke-width="8"/>
      <rect x="920" y="380" width="110" height="90" rx="6" fill="#38bdf8" stroke="#ffffff" stroke-width="8"/>
      <circle cx="300" cy="430" r="110" fill="#15803d"/><rect x="285" y="500" width="30" height="120" fill="#78350f"/>
      <circle cx="1330" cy="420" r="130" fill="#166534"/><rect x="1312" y="500" width="36" height="130" fill="#78350f"/>
      <circle cx="1450" cy="110" r="60" fill="#fde047"/>`,
    ),
  };
}

function bannerTower(): Scene {
  const width = 1600;
  const height = 700;
  let floors = '';
  for (let y = 140; y < 640; y += 50) {
    floors += `<rect x="640" y="${y}" width="320" height="34" fill="#bae6fd" opacity="0.85"/><rect x="620" y="${y + 34}" width="360" height="10" fill="#e2e8f0"/>`;
  }
  return {
    name: 'banner-luxury',
    width,
    height,
    svg: svg(
      width,
      height,
      `<defs><linearGradient id="d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#9333ea"/></linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#d)"/>
      ${skyline(width, 700, 21, ['#312e81', '#3730a3', '#4338ca'], '#fef08a', 0.3)}
      <rect x="620" y="100" width="360" height="600" fill="#0f172a"/>
      ${floors}
      <rect x="780" y="40" width="40" height="60" fill="#0f172a"/><circle cx="800" cy="36" r="8" fill="#f43f5e"/>`,
    ),
  };
}

function bannerLake(): Scene {
  const width = 1600;
  const height = 700;
  return {
    name: 'banner-premium',
    width,
    height,
    svg: svg(
      width,
      height,
      `<defs><linearGradient id="e" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fb923c"/><stop offset="1" stop-color="#fde68a"/></linearGradient>
      <linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e7490"/><stop offset="1" stop-color="#164e63"/></linearGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#e)"/>
      <circle cx="300" cy="220" r="80" fill="#fff7ed" opacity="0.9"/>
      ${skyline(width, 460, 33, ['#7c2d12', '#9a3412', '#c2410c'], '#fef3c7', 0.22)}
      <rect y="460" width="${width}" height="240" fill="url(#w)"/>
      ${Array.from({ length: 14 }, (_, i) => `<rect x="${i * 120 + 20}" y="${500 + (i % 4) * 40}" width="${60 + (i % 3) * 30}" height="4" rx="2" fill="#fed7aa" opacity="0.6"/>`).join('')}
      <path d="M980 600 q120 -40 240 0 l-30 30 h-180 z" fill="#f8fafc"/><rect x="1080" y="520" width="6" height="80" fill="#f8fafc"/>
      <path d="M1086 525 l70 60 h-70 z" fill="#f97316"/>`,
    ),
  };
}

export const LANDING_SCENES: Scene[] = [hero(), maidScene(), tutorScene(), moversScene(), bannerHouse(), bannerTower(), bannerLake()];
