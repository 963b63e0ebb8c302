/**
 * Demo photos of rentals, drawn by the project as SVG (no external image hosts): flat illustrations of rooms
 * and buildings, 1200x900, rendered to WebP by the seed through the same pipeline as uploads.
 */

export const RENT_SCENES = [
  'living-room',
  'bedroom',
  'kitchen',
  'bachelor-room',
  'apartment-block',
  'shop-front',
  'office',
  'mall',
] as const;
export type RentScene = (typeof RENT_SCENES)[number];

const W = 1200;
const H = 900;

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

function room(wall: string, floor: string, furniture: string): string {
  return svg(`
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${shade(wall)}"/></linearGradient>
      <linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff8e1" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8e1" stop-opacity="0"/></linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#wall)"/>
    <rect y="640" width="${W}" height="260" fill="${floor}"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 150}" y="640" width="150" height="260" fill="none" stroke="#00000014" stroke-width="3"/>`).join('')}
    <rect y="628" width="${W}" height="16" fill="#ffffff" opacity="0.7"/>
    <g>
      <rect x="120" y="120" width="300" height="330" rx="6" fill="#bfe3f5" stroke="#ffffff" stroke-width="16"/>
      <rect x="262" y="120" width="16" height="330" fill="#ffffff"/>
      <rect x="120" y="278" width="300" height="14" fill="#ffffff"/>
      <path d="M140 430 L190 330 L250 400 L300 340 L400 430 Z" fill="#7cb87f" opacity="0.8"/>
      <rect x="90" y="100" width="60" height="380" fill="#e07a5f" opacity="0.85"/>
      <rect x="390" y="100" width="60" height="380" fill="#e07a5f" opacity="0.85"/>
    </g>
    <polygon points="120,450 420,450 700,900 -100,900" fill="url(#light)"/>
    ${furniture}
  `);
}

function shade(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * 0.82);
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

function windowsGrid(x: number, y: number, cols: number, rows: number, lit: (i: number) => boolean): string {
  let out = '';
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const i = r * cols + c;
      out += `<rect x="${x + c * 82}" y="${y + r * 95}" width="56" height="62" rx="4" fill="${lit(i) ? '#ffd166' : '#9cc9e3'}" stroke="#ffffff" stroke-width="5"/>`;
    }
  }
  return out;
}

export function rentSceneSvg(scene: RentScene): string {
  switch (scene) {
    case 'living-room':
      return room(
        '#f3e3c3',
        '#b07d4f',
        `<rect x="560" y="470" width="480" height="150" rx="30" fill="#2a9d8f"/>
         <rect x="540" y="400" width="520" height="110" rx="36" fill="#268d81"/>
         <rect x="530" y="470" width="60" height="150" rx="24" fill="#21867a"/>
         <rect x="1010" y="470" width="60" height="150" rx="24" fill="#21867a"/>
         <rect x="620" y="430" width="110" height="80" rx="18" fill="#f4a261"/>
         <rect x="870" y="430" width="110" height="80" rx="18" fill="#e9c46a"/>
         <ellipse cx="760" cy="760" rx="300" ry="60" fill="#e76f51" opacity="0.55"/>
         <rect x="660" y="680" width="220" height="24" rx="8" fill="#6d4c41"/>
         <rect x="680" y="704" width="14" height="60" fill="#6d4c41"/><rect x="846" y="704" width="14" height="60" fill="#6d4c41"/>
         <rect x="700" y="150" width="260" height="170" rx="6" fill="#264653" stroke="#8d6e63" stroke-width="14"/>
         <circle cx="1110" cy="260" r="46" fill="#ffe8a3"/><rect x="1104" y="300" width="12" height="320" fill="#5d4037"/>`,
      );
    case 'bedroom':
      return room(
        '#dde7f0',
        '#a97c50',
        `<rect x="560" y="330" width="520" height="150" rx="20" fill="#6d4c41"/>
         <rect x="540" y="470" width="560" height="170" rx="18" fill="#fafafa"/>
         <rect x="540" y="540" width="560" height="100" rx="12" fill="#457b9d"/>
         <rect x="600" y="420" width="170" height="70" rx="24" fill="#ffffff" stroke="#e0e0e0" stroke-width="4"/>
         <rect x="860" y="420" width="170" height="70" rx="24" fill="#ffffff" stroke="#e0e0e0" stroke-width="4"/>
         <rect x="470" y="520" width="60" height="120" rx="6" fill="#8d6e63"/>
         <circle cx="500" cy="490" r="26" fill="#ffd166"/>
         <rect x="700" y="140" width="300" height="150" rx="4" fill="#a8dadc" stroke="#ffffff" stroke-width="10"/>`,
      );
    case 'kitchen':
      return room(
        '#e8f1ec',
        '#9e9e9e',
        `<rect x="480" y="470" width="720" height="170" fill="#f1faee"/>
         <rect x="480" y="455" width="720" height="26" fill="#6d6875"/>
         ${Array.from({ length: 4 }, (_, i) => `<rect x="${500 + i * 175}" y="495" width="160" height="130" rx="6" fill="#ffffff" stroke="#cfd8dc" stroke-width="4"/><rect x="${565 + i * 175}" y="520" width="30" height="8" rx="4" fill="#90a4ae"/>`).join('')}
         ${Array.from({ length: 4 }, (_, i) => `<rect x="${500 + i * 175}" y="140" width="160" height="170" rx="6" fill="#2a9d8f"/><rect x="${565 + i * 175}" y="280" width="30" height="8" rx="4" fill="#e0f2f1"/>`).join('')}
         <rect x="700" y="395" width="110" height="60" rx="10" fill="#e63946"/>
         <circle cx="980" cy="420" r="34" fill="#f4a261"/><circle cx="1040" cy="430" r="24" fill="#e9c46a"/>`,
      );
    case 'bachelor-room':
      return room(
        '#efe6dd',
        '#8d6e63',
        `<rect x="520" y="500" width="360" height="140" rx="14" fill="#ffffff"/>
         <rect x="520" y="560" width="360" height="80" rx="10" fill="#f4a261"/>
         <rect x="540" y="470" width="120" height="50" rx="18" fill="#ffffff" stroke="#e0e0e0" stroke-width="4"/>
         <rect x="940" y="440" width="220" height="20" rx="4" fill="#5d4037"/>
         <rect x="950" y="460" width="14" height="180" fill="#5d4037"/><rect x="1136" y="460" width="14" height="180" fill="#5d4037"/>
         <rect x="990" y="360" width="130" height="80" rx="6" fill="#264653"/>
         <rect x="1000" y="520" width="90" height="120" rx="10" fill="#457b9d"/>
         <rect x="560" y="150" width="220" height="40" fill="#8d6e63"/>
         <rect x="575" y="110" width="30" height="40" fill="#e76f51"/><rect x="615" y="100" width="26" height="50" fill="#2a9d8f"/><rect x="650" y="115" width="34" height="35" fill="#e9c46a"/>`,
      );
    case 'apartment-block':
      return svg(`
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ec8e3"/><stop offset="1" stop-color="#d7f0f7"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#sky)"/>
        <circle cx="1030" cy="150" r="70" fill="#fff3b0"/>
        <rect x="40" y="360" width="260" height="480" fill="#b5c7d3"/>
        <rect x="900" y="300" width="280" height="540" fill="#c3d3dc"/>
        <rect x="330" y="140" width="540" height="700" fill="#f2e8cf"/>
        <rect x="330" y="120" width="540" height="30" fill="#bc6c25"/>
        ${windowsGrid(378, 190, 6, 6, (i) => i % 5 === 1 || i % 7 === 3)}
        ${Array.from({ length: 6 }, (_, i) => `<rect x="350" y="${244 + i * 95}" width="500" height="10" fill="#dda15e"/>`).join('')}
        <rect x="540" y="760" width="120" height="80" fill="#6d4c41"/>
        <rect x="0" y="830" width="${W}" height="70" fill="#8a9a5b"/>
        <circle cx="170" cy="790" r="70" fill="#588157"/><rect x="160" y="800" width="20" height="60" fill="#5d4037"/>
        <circle cx="1020" cy="800" r="60" fill="#3a5a40"/>`);
    case 'shop-front':
      return svg(`
        <rect width="${W}" height="${H}" fill="#e9edc9"/>
        <rect x="100" y="120" width="1000" height="700" fill="#fefae0"/>
        <rect x="100" y="120" width="1000" height="120" fill="#264653"/>
        <text x="600" y="200" font-family="Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff" text-anchor="middle">SHOP TO LET</text>
        ${Array.from({ length: 10 }, (_, i) => `<path d="M${100 + i * 100} 240 h100 v70 a50 30 0 0 1 -100 0 z" fill="${i % 2 ? '#e76f51' : '#ffffff'}"/>`).join('')}
        <rect x="160" y="360" width="560" height="380" fill="#bde0fe" stroke="#6d6875" stroke-width="10"/>
        <rect x="200" y="560" width="480" height="14" fill="#ffffff" opacity="0.7"/>
        <rect x="790" y="360" width="250" height="460" fill="#6d4c41"/>
        <circle cx="1010" cy="600" r="10" fill="#ffd166"/>
        <rect x="0" y="820" width="${W}" height="80" fill="#adb5bd"/>`);
    case 'office':
      return room(
        '#e6edf2',
        '#78909c',
        `${[520, 840].map((x) => `<rect x="${x}" y="470" width="280" height="22" rx="4" fill="#f5f5f5"/><rect x="${x + 10}" y="492" width="12" height="150" fill="#90a4ae"/><rect x="${x + 258}" y="492" width="12" height="150" fill="#90a4ae"/><rect x="${x + 70}" y="360" width="150" height="100" rx="6" fill="#263238"/><rect x="${x + 135}" y="460" width="20" height="12" fill="#263238"/><rect x="${x + 100}" y="530" width="90" height="110" rx="16" fill="#1d3557"/>`).join('')}
         <rect x="560" y="140" width="520" height="170" rx="6" fill="#ffffff" stroke="#b0bec5" stroke-width="8"/>
         <polyline points="600,270 700,220 800,250 900,180 1040,200" fill="none" stroke="#2a9d8f" stroke-width="10"/>
         <rect x="1140" y="520" width="40" height="120" rx="8" fill="#2e7d32"/><circle cx="1160" cy="500" r="40" fill="#43a047"/>`,
      );
    case 'mall':
      return svg(`
        <defs><linearGradient id="atrium" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdfcdc"/><stop offset="1" stop-color="#e0e1dd"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#atrium)"/>
        <path d="M0 0 H1200 V90 L600 30 L0 90 Z" fill="#a8dadc"/>
        ${[0, 1, 2].map((level) => `<rect x="0" y="${130 + level * 230}" width="${W}" height="18" fill="#adb5bd"/>${Array.from({ length: 5 }, (_, i) => `<rect x="${40 + i * 230}" y="${150 + level * 230}" width="200" height="190" fill="${['#e76f51', '#2a9d8f', '#e9c46a', '#457b9d', '#f4a261'][(i + level) % 5]}" opacity="0.85"/><rect x="${60 + i * 230}" y="${190 + level * 230}" width="160" height="150" fill="#ffffff" opacity="0.55"/>`).join('')}`).join('')}
        <rect x="0" y="830" width="${W}" height="70" fill="#ced4da"/>
        <polygon points="420,830 780,830 700,600 500,600" fill="#dee2e6" opacity="0.8"/>`);
  }
}
