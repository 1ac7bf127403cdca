// Draws the mining item badges (apps/web/public/mining/<id>.svg): one night-park badge per
// category colour with an item glyph on top. Run: node scripts/mining-art.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../apps/web/public/mining/', import.meta.url));
mkdirSync(out, { recursive: true });

const C = {
  gold: '#ffc93c',
  amber: '#f59e0b',
  coral: '#ff6b6b',
  mint: '#4ef0b5',
  sky: '#6cc8ff',
  lilac: '#b9a7ff',
  white: '#f4f0ff',
  ink: '#1b0f3a',
  night: '#2d1a5c',
  pink: '#ff8fd8',
  brown: '#a0623a',
};
const S = `stroke="${C.ink}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"`;

/** Badge colours per category: top and bottom of the gradient. */
const BADGE = {
  rides: ['#7c4dff', '#3b2475'],
  team: ['#2f8fd8', '#1f3f8a'],
  concessions: ['#ff7a59', '#9c2f5a'],
  policy: ['#f5b82e', '#8a4b12'],
  welfare: ['#22c497', '#135e6b'],
};

const G = {
  // Rides
  carousel: `<path d="M14 26 L32 12 L50 26 Z" fill="${C.coral}" ${S}/><rect x="14" y="26" width="36" height="5" fill="${C.gold}" ${S}/>
    <path d="M20 31v18M32 31v18M44 31v18" ${S} fill="none"/><rect x="12" y="48" width="40" height="6" rx="2" fill="${C.lilac}" ${S}/>
    <ellipse cx="26" cy="40" rx="5" ry="3.5" fill="${C.white}" ${S}/><ellipse cx="38" cy="38" rx="5" ry="3.5" fill="${C.white}" ${S}/><circle cx="32" cy="10" r="2.5" fill="${C.gold}" ${S}/>`,
  'bumper-cars': `<path d="M12 42 Q12 28 24 28 H40 Q52 28 52 42 Z" fill="${C.coral}" ${S}/><rect x="10" y="40" width="44" height="8" rx="4" fill="${C.gold}" ${S}/>
    <path d="M30 28 V14" ${S}/><circle cx="30" cy="13" r="3" fill="${C.sky}" ${S}/><circle cx="22" cy="50" r="4" fill="${C.night}" ${S}/><circle cx="42" cy="50" r="4" fill="${C.night}" ${S}/><path d="M22 34h8" ${S} stroke="${C.white}"/>`,
  'ferris-wheel': `<circle cx="32" cy="28" r="17" fill="none" ${S}/><circle cx="32" cy="28" r="17" fill="none" stroke="${C.sky}" stroke-width="2"/>
    <path d="M32 11v34M15 28h34M20 16l24 24M44 16L20 40" stroke="${C.white}" stroke-width="1.6"/><circle cx="32" cy="28" r="3.5" fill="${C.gold}" ${S}/>
    <path d="M24 54 L32 28 L40 54" fill="none" ${S}/><circle cx="32" cy="11" r="3.5" fill="${C.coral}" ${S}/><circle cx="15" cy="28" r="3.5" fill="${C.gold}" ${S}/><circle cx="49" cy="28" r="3.5" fill="${C.mint}" ${S}/><circle cx="32" cy="45" r="3.5" fill="${C.pink}" ${S}/>`,
  'haunted-house': `<path d="M14 30 L32 14 L50 30 V52 H14 Z" fill="${C.night}" ${S}/><path d="M10 32 L32 12 L54 32" fill="none" ${S}/>
    <rect x="28" y="38" width="8" height="14" fill="${C.ink}" ${S}/><rect x="19" y="32" width="6" height="6" fill="${C.gold}" ${S}/><rect x="39" y="32" width="6" height="6" fill="${C.gold}" ${S}/>
    <path d="M44 10 q4 -4 8 0 v8 l-2 -2 l-2 2 l-2 -2 l-2 2 z" fill="${C.white}" ${S}/>`,
  'roller-coaster': `<path d="M8 44 Q18 10 28 36 T48 22 L56 30" fill="none" stroke="${C.coral}" stroke-width="5" stroke-linecap="round"/>
    <path d="M8 44 Q18 10 28 36 T48 22 L56 30" fill="none" ${S} stroke-width="1.5"/><path d="M14 54V34M24 54V30M34 54V34M44 54V26" ${S}/>
    <rect x="40" y="14" width="12" height="8" rx="2" fill="${C.gold}" ${S} transform="rotate(30 46 18)"/><rect x="8" y="52" width="48" height="4" rx="2" fill="${C.lilac}" ${S}/>`,
  'drop-tower': `<rect x="28" y="8" width="8" height="46" fill="${C.lilac}" ${S}/><path d="M28 16h8M28 24h8M28 32h8" ${S}/>
    <rect x="20" y="34" width="24" height="8" rx="3" fill="${C.coral}" ${S}/><circle cx="32" cy="7" r="3.5" fill="${C.gold}" ${S}/>
    <path d="M18 54h28" ${S}/><path d="M14 36l-4 -4M50 36l4 -4M14 42h-4M50 42h4" stroke="${C.gold}" stroke-width="2.5" stroke-linecap="round"/>`,
  // Team
  'ride-operator': `<circle cx="32" cy="26" r="10" fill="#f6c9a0" ${S}/><path d="M20 22 Q32 8 44 22 Z" fill="${C.coral}" ${S}/><rect x="18" y="20" width="28" height="4" rx="2" fill="${C.coral}" ${S}/>
    <path d="M16 54 Q16 38 32 38 Q48 38 48 54 Z" fill="${C.sky}" ${S}/><circle cx="28" cy="27" r="1.3" fill="${C.ink}"/><circle cx="36" cy="27" r="1.3" fill="${C.ink}"/><path d="M29 31 q3 2 6 0" ${S} fill="none"/><rect x="36" y="42" width="8" height="6" rx="1" fill="${C.gold}" ${S}/>`,
  mascot: `<path d="M32 10 C20 10 16 28 16 38 C16 50 24 56 32 56 C40 56 48 50 48 38 C48 28 44 10 32 10 Z" fill="${C.white}" ${S}/>
    <path d="M17 36 l5 -4 l5 4 l5 -4 l5 4 l5 -4 l5 4" fill="none" stroke="${C.gold}" stroke-width="3"/><circle cx="27" cy="26" r="2" fill="${C.ink}"/><circle cx="37" cy="26" r="2" fill="${C.ink}"/>
    <path d="M27 31 q5 4 10 0" ${S} fill="none"/><circle cx="23" cy="30" r="2" fill="${C.pink}"/><circle cx="41" cy="30" r="2" fill="${C.pink}"/>`,
  mechanic: `<path d="M18 46 L38 26" stroke="${C.lilac}" stroke-width="7" stroke-linecap="round"/><path d="M18 46 L38 26" ${S} stroke-width="1.5"/>
    <path d="M36 16 a10 10 0 1 0 12 12 l-6 -1 l-5 -5 z" fill="${C.lilac}" ${S}/><circle cx="44" cy="44" r="8" fill="${C.gold}" ${S}/><circle cx="44" cy="44" r="3" fill="${C.night}" ${S}/>
    <path d="M44 33v3M44 52v3M33 44h3M52 44h3" ${S}/>`,
  'clown-troupe': `<circle cx="32" cy="32" r="14" fill="${C.white}" ${S}/><circle cx="32" cy="34" r="4" fill="${C.coral}" ${S}/>
    <circle cx="17" cy="26" r="6" fill="${C.coral}" ${S}/><circle cx="47" cy="26" r="6" fill="${C.coral}" ${S}/><path d="M24 12 L32 2 L40 12 Z" fill="${C.mint}" ${S}/>
    <circle cx="27" cy="28" r="1.8" fill="${C.ink}"/><circle cx="37" cy="28" r="1.8" fill="${C.ink}"/><path d="M25 40 q7 6 14 0" ${S} fill="none" stroke="${C.coral}"/><path d="M22 50 l10 6 l10 -6" fill="${C.gold}" ${S}/>`,
  'fireworks-crew': `<path d="M32 56 V34" ${S}/><circle cx="32" cy="22" r="3" fill="${C.gold}" ${S}/>
    <path d="M32 8v6M32 30v-2M18 22h6M40 22h6M22 12l4 4M42 12l-4 4M22 32l4 -4M42 32l-4 -4" stroke="${C.gold}" stroke-width="3" stroke-linecap="round"/>
    <circle cx="14" cy="42" r="2" fill="${C.pink}"/><circle cx="50" cy="40" r="2" fill="${C.sky}"/><circle cx="48" cy="10" r="2" fill="${C.mint}"/><rect x="27" y="46" width="10" height="10" rx="2" fill="${C.coral}" ${S}/>`,
  'park-manager': `<circle cx="32" cy="24" r="10" fill="#f6c9a0" ${S}/><path d="M20 18 h24 l-3 -8 h-18 z" fill="${C.night}" ${S}/><rect x="18" y="17" width="28" height="3" fill="${C.night}" ${S}/>
    <path d="M14 56 Q14 38 32 38 Q50 38 50 56 Z" fill="${C.night}" ${S}/><path d="M32 38 l-4 6 l4 10 l4 -10 z" fill="${C.coral}" ${S}/><circle cx="28" cy="25" r="1.3" fill="${C.ink}"/><circle cx="36" cy="25" r="1.3" fill="${C.ink}"/>
    <path d="M44 44 l2 4 l4 0 l-3 3 l1 4 l-4 -2 l-4 2 l1 -4 l-3 -3 l4 0 z" fill="${C.gold}" stroke="${C.ink}" stroke-width="1.2"/>`,
  // Concessions
  'popcorn-cart': `<circle cx="24" cy="18" r="6" fill="${C.white}" ${S}/><circle cx="34" cy="14" r="7" fill="${C.white}" ${S}/><circle cx="42" cy="20" r="6" fill="${C.white}" ${S}/>
    <path d="M18 22 H46 L42 54 H22 Z" fill="${C.white}" ${S}/><path d="M25 22 L27 54M32 22V54M39 22L37 54" stroke="${C.coral}" stroke-width="4"/><path d="M18 22 H46 L42 54 H22 Z" fill="none" ${S}/>`,
  'lemonade-stand': `<path d="M22 18 H42 L38 54 H26 Z" fill="${C.gold}" fill-opacity="0.85" ${S}/><path d="M23 26 H41" stroke="${C.white}" stroke-width="2"/>
    <circle cx="40" cy="16" r="7" fill="#fff27a" ${S}/><path d="M40 9v14M33 16h14" stroke="${C.amber}" stroke-width="1.5"/><path d="M30 18 L34 6" ${S}/><circle cx="30" cy="40" r="2" fill="${C.white}"/><circle cx="35" cy="34" r="1.5" fill="${C.white}"/>`,
  'cotton-candy': `<circle cx="26" cy="22" r="10" fill="${C.pink}" ${S}/><circle cx="38" cy="20" r="10" fill="${C.pink}" ${S}/><circle cx="32" cy="30" r="11" fill="${C.pink}" ${S}/>
    <path d="M32 40 L32 58" stroke="${C.white}" stroke-width="4" stroke-linecap="round"/><path d="M32 40 L32 58" ${S} stroke-width="1.2"/><circle cx="28" cy="24" r="3" fill="#ffd1f0"/>`,
  'hot-dog-grill': `<rect x="10" y="28" width="44" height="18" rx="9" fill="#e8a25a" ${S}/><rect x="12" y="30" width="40" height="9" rx="4.5" fill="${C.coral}" ${S}/>
    <path d="M16 34 q4 -4 8 0 t8 0 t8 0 t8 0" fill="none" stroke="${C.gold}" stroke-width="2.5"/><path d="M18 52 v4M32 50 v6M46 52 v4" stroke="${C.gold}" stroke-width="3" stroke-linecap="round"/>
    <path d="M22 18 q-3 -5 0 -10M32 20 q-3 -5 0 -10M42 18 q-3 -5 0 -10" stroke="${C.white}" stroke-width="2" fill="none" stroke-linecap="round"/>`,
  'ice-cream-parlor': `<path d="M22 30 L32 58 L42 30 Z" fill="#e8a25a" ${S}/><path d="M25 36h14M28 44h8" stroke="${C.brown}" stroke-width="1.8"/>
    <circle cx="32" cy="24" r="10" fill="${C.pink}" ${S}/><circle cx="32" cy="13" r="8" fill="${C.mint}" ${S}/><circle cx="34" cy="5" r="3" fill="${C.coral}" ${S}/>`,
  'candy-apple-shop': `<circle cx="32" cy="36" r="16" fill="${C.coral}" ${S}/><path d="M16 36 q16 10 32 0" fill="none" stroke="#b52e4a" stroke-width="3"/>
    <path d="M32 20 V6" stroke="#e8a25a" stroke-width="4" stroke-linecap="round"/><path d="M32 20 V6" ${S} stroke-width="1.2"/><path d="M34 16 q8 -8 12 -2 q-6 4 -12 2 z" fill="${C.mint}" ${S}/><circle cx="26" cy="30" r="3" fill="#ffb3b3"/>`,
  // Policy
  'night-hours': `<path d="M40 10 A20 20 0 1 0 52 40 A16 16 0 0 1 40 10 Z" fill="${C.gold}" ${S}/>
    <circle cx="48" cy="14" r="2" fill="${C.white}"/><circle cx="54" cy="24" r="1.5" fill="${C.white}"/><circle cx="14" cy="12" r="1.5" fill="${C.white}"/>
    <circle cx="30" cy="38" r="9" fill="${C.white}" ${S}/><path d="M30 32v6l4 3" ${S} fill="none"/>`,
  'season-pass': `<rect x="8" y="18" width="48" height="30" rx="5" fill="${C.white}" ${S}/><rect x="8" y="18" width="14" height="30" rx="5" fill="${C.coral}" ${S}/>
    <path d="M30 28h18M30 36h12" stroke="${C.night}" stroke-width="3" stroke-linecap="round"/><circle cx="15" cy="33" r="3" fill="${C.gold}" ${S}/><path d="M44 40 l2 4 h4" stroke="${C.mint}" stroke-width="2.5" fill="none"/>`,
  'fast-lane': `<path d="M10 52 L24 12 H40 L54 52 Z" fill="${C.night}" ${S}/><path d="M32 16v6M32 28v7M32 41v8" stroke="${C.gold}" stroke-width="3" stroke-linecap="round"/>
    <path d="M40 26 l8 -4 l-2 8 M46 22 l-10 8" stroke="${C.mint}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  'family-discount': `<path d="M10 30 L30 10 H52 V32 L32 52 Z" fill="${C.gold}" ${S}/><circle cx="44" cy="18" r="3.5" fill="${C.night}" ${S}/>
    <text x="30" y="38" font-family="Arial Rounded MT Bold, Arial, sans-serif" font-size="15" font-weight="900" fill="${C.ink}" text-anchor="middle" transform="rotate(-45 30 34)">%</text>`,
  'festival-permit': `<rect x="14" y="8" width="36" height="46" rx="4" fill="${C.white}" ${S}/><path d="M21 18h22M21 25h22M21 32h14" stroke="${C.lilac}" stroke-width="3" stroke-linecap="round"/>
    <circle cx="40" cy="44" r="8" fill="${C.coral}" ${S}/><path d="M36 50 l-3 8 l7 -4 l7 4 l-3 -8" fill="${C.coral}" ${S}/><circle cx="40" cy="44" r="3" fill="${C.gold}"/>`,
  'park-expansion': `<path d="M8 46 l12 -12 l8 8 l12 -16 l16 20 z" fill="${C.mint}" ${S}/><rect x="8" y="46" width="48" height="8" rx="2" fill="${C.night}" ${S}/>
    <path d="M46 8 v18" ${S}/><path d="M46 9 h12 l-3 4 l3 4 h-12 z" fill="${C.coral}" ${S}/><path d="M14 22 h10M19 17 v10" stroke="${C.gold}" stroke-width="3" stroke-linecap="round"/>`,
  // Welfare
  'rest-benches': `<rect x="10" y="28" width="44" height="6" rx="2" fill="#e8a25a" ${S}/><rect x="10" y="18" width="44" height="6" rx="2" fill="#e8a25a" ${S}/>
    <path d="M16 34v16M48 34v16M16 24v4M48 24v4" ${S}/><rect x="8" y="38" width="48" height="5" rx="2" fill="${C.brown}" ${S}/>`,
  'water-fountain': `<path d="M18 54 h28 l-4 -14 h-20 z" fill="${C.lilac}" ${S}/><rect x="14" y="36" width="36" height="6" rx="3" fill="${C.white}" ${S}/>
    <path d="M32 36 V24 Q32 14 42 14 Q48 14 48 22" fill="none" stroke="${C.sky}" stroke-width="3" stroke-linecap="round"/><path d="M32 24 Q32 14 22 14 Q16 14 16 22" fill="none" stroke="${C.sky}" stroke-width="3" stroke-linecap="round"/>
    <circle cx="48" cy="28" r="2" fill="${C.sky}"/><circle cx="16" cy="28" r="2" fill="${C.sky}"/>`,
  'first-aid-tent': `<path d="M8 52 L32 12 L56 52 Z" fill="${C.white}" ${S}/><path d="M32 12 L26 52 H38 Z" fill="#d9d0ff" ${S}/>
    <rect x="27" y="24" width="10" height="20" rx="2" fill="${C.coral}"/><rect x="22" y="29" width="20" height="10" rx="2" fill="${C.coral}"/>`,
  'shade-canopies': `<path d="M8 30 Q32 4 56 30 Z" fill="${C.coral}" ${S}/><path d="M20 30 Q32 8 44 30" fill="${C.white}" ${S}/><path d="M32 30 V56" ${S}/>
    <path d="M8 30 q6 6 12 0 q6 6 12 0 q6 6 12 0 q6 6 12 0" fill="none" ${S}/><circle cx="48" cy="46" r="6" fill="${C.gold}" ${S}/>`,
  'staff-canteen': `<ellipse cx="32" cy="40" rx="22" ry="8" fill="${C.white}" ${S}/><path d="M12 38 Q14 22 32 22 Q50 22 52 38" fill="${C.lilac}" ${S}/>
    <circle cx="32" cy="19" r="3.5" fill="${C.gold}" ${S}/><path d="M22 12 q-2 -4 0 -7M42 12 q-2 -4 0 -7" stroke="${C.white}" stroke-width="2" fill="none" stroke-linecap="round"/>`,
  'lost-and-found': `<path d="M18 20 H46 L50 54 H14 Z" fill="#e8a25a" ${S}/><path d="M24 20 V16 a8 8 0 0 1 16 0 V20" fill="none" ${S}/>
    <circle cx="30" cy="36" r="7" fill="${C.white}" ${S}/><path d="M35 41 l7 7" stroke="${C.ink}" stroke-width="4" stroke-linecap="round"/><text x="30" y="40" font-family="Arial, sans-serif" font-size="10" font-weight="900" fill="${C.night}" text-anchor="middle">?</text>`,
};

const CATEGORY = {
  rides: ['carousel', 'bumper-cars', 'ferris-wheel', 'haunted-house', 'roller-coaster', 'drop-tower'],
  team: ['ride-operator', 'mascot', 'mechanic', 'clown-troupe', 'fireworks-crew', 'park-manager'],
  concessions: [
    'popcorn-cart',
    'lemonade-stand',
    'cotton-candy',
    'hot-dog-grill',
    'ice-cream-parlor',
    'candy-apple-shop',
  ],
  policy: ['night-hours', 'season-pass', 'fast-lane', 'family-discount', 'festival-permit', 'park-expansion'],
  welfare: [
    'rest-benches',
    'water-fountain',
    'first-aid-tent',
    'shade-canopies',
    'staff-canteen',
    'lost-and-found',
  ],
};

/** Later attributes win (a glyph may override the shared stroke), keeping each tag valid XML. */
function dedupeAttributes(markup) {
  return markup.replace(/<(\w+)([^<>]*?)(\/?)>/g, (_, tag, attrs, slash) => {
    const seen = new Map();
    for (const m of attrs.matchAll(/([\w-]+)="([^"]*)"/g)) {
      seen.delete(m[1]);
      seen.set(m[1], m[2]);
    }
    const text = [...seen].map(([k, v]) => ` ${k}="${v}"`).join('');
    return `<${tag}${text}${slash}>`;
  });
}

let n = 0;
for (const [category, ids] of Object.entries(CATEGORY)) {
  const [top, bottom] = BADGE[category];
  for (const id of ids) {
    const glyph = G[id];
    if (!glyph) throw new Error(`no glyph for ${id}`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="128" height="128">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect x="1" y="1" width="62" height="62" rx="14" fill="url(#bg)"/>
  <rect x="1" y="1" width="62" height="62" rx="14" fill="url(#glow)"/>
  <circle cx="9" cy="9" r="1.2" fill="#ffffff" opacity="0.7"/><circle cx="56" cy="12" r="1" fill="#ffffff" opacity="0.6"/><circle cx="52" cy="56" r="1" fill="#ffffff" opacity="0.5"/>
  <g>${dedupeAttributes(glyph.replace(/\n\s*/g, ''))}</g>
  <rect x="1.5" y="1.5" width="61" height="61" rx="13.5" fill="none" stroke="#ffffff" stroke-opacity="0.18"/>
</svg>
`;
    writeFileSync(`${out}${id}.svg`, svg);
    n++;
  }
}
console.log(`wrote ${n} badges to ${out}`);
