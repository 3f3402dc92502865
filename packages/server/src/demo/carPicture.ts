/**
 * Side-view car illustrations for the demo fleet, drawn as SVG and encoded to WebP with sharp,
 * so `npm run demo` shows a living site without downloading a single picture.
 */
import type { CarCategory } from '@rental/contract/constants';
import sharp from 'sharp';

export const DEMO_PICTURE_WIDTH = 1280;
export const DEMO_PICTURE_HEIGHT = 800;

/** Where the tyres touch the road. */
const GROUND_Y = 700;

type Silhouette = {
  /** Outline of the body, front to the right. */
  body: string;
  /** Side glass, drawn over the body. */
  glass: string;
  /** Body-coloured pillars splitting the glass: [x, width]. */
  pillars: [number, number][];
  wheelX: [number, number];
  wheelRadius: number;
  /** Vertical seams of the doors: [x, top y, bottom y]. */
  seams: [number, number, number][];
  handles: [number, number][];
  beltY: number;
  /** Head light [x, y, w, h] at the front, tail light at the rear. */
  headLight: [number, number, number, number];
  tailLight: [number, number, number, number];
  /** Extra shapes drawn on top (roof rails, seats of an open top, a pickup's bed rail). */
  extras?: string;
};

const SILHOUETTES: Record<CarCategory, Silhouette> = {
  Sedan: {
    body: 'M240,640 L236,560 Q236,530 262,524 L400,512 L488,432 Q500,420 530,416 L740,414 Q780,416 800,430 L880,500 L1010,516 Q1050,524 1052,560 L1054,640 Q1054,652 1040,652 L252,652 Q240,652 240,640 Z',
    glass: 'M506,506 L548,438 Q556,428 572,428 L738,428 Q768,430 784,442 L846,506 Z',
    pillars: [[662, 14]],
    wheelX: [395, 885],
    wheelRadius: 64,
    seams: [
      [508, 510, 630],
      [668, 510, 636],
      [852, 510, 610],
    ],
    handles: [
      [610, 548],
      [792, 548],
    ],
    beltY: 544,
    headLight: [1014, 528, 38, 18],
    tailLight: [236, 532, 22, 26],
  },
  Hatchback: {
    body: 'M298,640 L294,530 L332,424 Q342,402 374,400 L700,398 Q740,400 762,416 L850,494 L962,512 Q1004,520 1008,560 L1010,640 Q1010,652 996,652 L310,652 Q298,652 298,640 Z',
    glass: 'M344,500 L368,426 Q374,412 392,412 L696,412 Q728,414 744,428 L816,500 Z',
    pillars: [
      [430, 22],
      [596, 14],
    ],
    wheelX: [430, 862],
    wheelRadius: 62,
    seams: [
      [440, 504, 632],
      [602, 504, 636],
      [820, 504, 612],
    ],
    handles: [
      [546, 542],
      [764, 542],
    ],
    beltY: 538,
    headLight: [970, 524, 36, 18],
    tailLight: [294, 520, 20, 30],
  },
  SUV: {
    body: 'M226,630 L222,420 Q224,356 270,352 L760,350 Q800,352 820,370 L900,460 L1030,480 Q1062,488 1064,530 L1066,630 Q1066,646 1050,646 L240,646 Q226,646 226,630 Z',
    glass: 'M250,466 L252,392 Q254,368 278,368 L756,366 Q786,368 800,382 L866,466 Z',
    pillars: [
      [400, 18],
      [612, 16],
    ],
    wheelX: [390, 890],
    wheelRadius: 72,
    seams: [
      [420, 470, 600],
      [620, 470, 620],
      [870, 470, 600],
    ],
    handles: [
      [560, 504],
      [790, 504],
    ],
    beltY: 500,
    headLight: [1026, 492, 38, 20],
    tailLight: [222, 430, 20, 44],
    extras: '<rect x="300" y="338" width="440" height="10" rx="5" fill="#2b2f36"/>',
  },
  Minivan: {
    body: 'M236,640 L232,400 Q234,336 290,332 L820,330 Q860,334 880,360 L960,470 L1030,490 Q1052,500 1054,540 L1056,640 Q1056,652 1042,652 L250,652 Q236,652 236,640 Z',
    glass: 'M258,470 L260,380 Q262,350 292,348 L816,346 Q846,350 862,372 L930,470 Z',
    pillars: [
      [430, 18],
      [650, 16],
    ],
    wheelX: [380, 900],
    wheelRadius: 64,
    seams: [
      [452, 474, 620],
      [660, 474, 640],
      [934, 474, 610],
    ],
    handles: [
      [474, 510],
      [880, 506],
    ],
    beltY: 504,
    headLight: [1018, 500, 36, 20],
    tailLight: [232, 420, 20, 50],
    extras: '<line x1="452" y1="560" x2="660" y2="560" stroke="#00000033" stroke-width="4"/>',
  },
  Van: {
    body: 'M206,640 L202,360 Q204,310 250,306 L960,304 Q1000,306 1016,340 L1060,460 Q1076,480 1078,520 L1080,640 Q1080,652 1066,652 L220,652 Q206,652 206,640 Z',
    glass: 'M230,450 L232,350 Q234,330 256,330 L940,328 Q980,330 992,356 L1030,450 Z',
    pillars: [
      [420, 18],
      [620, 18],
      [820, 18],
    ],
    wheelX: [350, 930],
    wheelRadius: 64,
    seams: [
      [620, 454, 640],
      [830, 454, 600],
    ],
    handles: [
      [640, 490],
      [850, 490],
    ],
    beltY: 486,
    headLight: [1046, 500, 34, 22],
    tailLight: [202, 400, 20, 60],
  },
  Pickup: {
    body: 'M216,632 L212,468 Q212,458 222,458 L556,458 L560,390 Q566,364 600,362 L790,360 Q826,362 842,380 L910,470 L1036,488 Q1066,496 1068,536 L1070,632 Q1070,648 1054,648 L230,648 Q216,648 216,632 Z',
    glass: 'M590,468 L592,396 Q596,378 614,376 L786,374 Q812,376 824,390 L884,468 Z',
    pillars: [[716, 16]],
    wheelX: [370, 900],
    wheelRadius: 70,
    seams: [
      [572, 472, 610],
      [724, 472, 622],
      [888, 472, 600],
    ],
    handles: [
      [690, 506],
      [858, 506],
    ],
    beltY: 500,
    headLight: [1030, 500, 38, 20],
    tailLight: [212, 476, 18, 40],
    extras:
      '<rect x="222" y="452" width="334" height="12" rx="4" fill="#2b2f36"/><line x1="240" y1="470" x2="240" y2="620" stroke="#00000033" stroke-width="4"/>',
  },
  Cabriolet: {
    body: 'M286,640 L282,560 Q284,520 320,512 L560,506 L720,506 L990,520 Q1018,530 1020,566 L1022,640 Q1022,654 1008,654 L300,654 Q286,654 286,640 Z',
    glass: 'M700,506 L646,432 L660,430 L716,506 Z',
    pillars: [],
    wheelX: [420, 880],
    wheelRadius: 58,
    seams: [[708, 512, 630]],
    handles: [[660, 540]],
    beltY: 536,
    headLight: [986, 532, 34, 16],
    tailLight: [282, 530, 20, 22],
    extras:
      '<rect x="470" y="490" width="96" height="20" rx="10" fill="#2b2f36"/><rect x="584" y="462" width="26" height="46" rx="10" fill="#2b2f36"/><rect x="636" y="468" width="22" height="40" rx="9" fill="#2b2f36"/>',
  },
};

type Scene = { skyTop: string; skyBottom: string; sun: string; hillFar: string; hillNear: string };

const SCENES: Scene[] = [
  { skyTop: '#6fb7ea', skyBottom: '#d9effb', sun: '#fff3b0', hillFar: '#9cc98a', hillNear: '#6fa85f' },
  { skyTop: '#f7b267', skyBottom: '#fde9c8', sun: '#fff7df', hillFar: '#b7b27a', hillNear: '#7d9a58' },
  { skyTop: '#8fd0f2', skyBottom: '#eef8fc', sun: '#fffbe0', hillFar: '#a6d49b', hillNear: '#5f9f63' },
];

function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

function wheel(cx: number, r: number): string {
  const cy = GROUND_Y - r;
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5;
    const x = (cx + Math.cos(a) * r * 0.55).toFixed(1);
    const y = (cy + Math.sin(a) * r * 0.55).toFixed(1);
    return `<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" stroke="#8a919b" stroke-width="${(r * 0.12).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1e2126"/><circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#c9ced6"/>${spokes}<circle cx="${cx}" cy="${cy}" r="${r * 0.16}" fill="#5b626c"/>`;
}

function palmTree(x: number, scale: number): string {
  const leaves = [-150, -115, -75, -35, 0].map((angle) => `<path d="M0,0 Q40,-30 95,-8 Q45,-14 0,0 Z" fill="#3f7d3a" transform="rotate(${angle})"/>`).join('');
  const mirrored = [-150, -115, -75, -35, 0]
    .map((angle) => `<path d="M0,0 Q40,-30 95,-8 Q45,-14 0,0 Z" fill="#4d8f45" transform="scale(-1,1) rotate(${angle})"/>`)
    .join('');
  return `<g transform="translate(${x},600) scale(${scale})"><path d="M-6,0 Q-14,-120 10,-230 L18,-228 Q2,-120 8,0 Z" fill="#8a6a43"/><g transform="translate(14,-228)">${leaves}${mirrored}</g></g>`;
}

export type CarPictureSpec = { category: CarCategory; colour: string; scene: number };

export function carPictureSvg({ category, colour, scene }: CarPictureSpec): string {
  const s = SILHOUETTES[category];
  const sky = SCENES[scene % SCENES.length]!;
  const dark = shade(colour, -0.35);
  const wells = s.wheelX.map((x) => `<circle cx="${x}" cy="${GROUND_Y - s.wheelRadius}" r="${s.wheelRadius + 10}" fill="#15171b"/>`).join('');
  const pillars = s.pillars.map(([x, w]) => `<rect x="${x}" y="300" width="${w}" height="220" fill="url(#paint)"/>`).join('');
  const seams = s.seams.map(([x, y1, y2]) => `<line x1="${x}" y1="${y1}" x2="${x}" y2="${y2}" stroke="${dark}" stroke-width="3"/>`).join('');
  const handles = s.handles.map(([x, y]) => `<rect x="${x}" y="${y}" width="34" height="8" rx="4" fill="${dark}"/>`).join('');
  const [hx, hy, hw, hh] = s.headLight;
  const [tx, ty, tw, th] = s.tailLight;
  const [rearX, frontX] = s.wheelX;
  const centre = (rearX + frontX) / 2;
  const dashes = Array.from({ length: 8 }, (_, i) => `<rect x="${i * 180 - 40}" y="742" width="110" height="10" rx="5" fill="#e9e6dc"/>`).join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_PICTURE_WIDTH}" height="${DEMO_PICTURE_HEIGHT}" viewBox="0 0 1280 800">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.skyTop}"/><stop offset="1" stop-color="${sky.skyBottom}"/></linearGradient>
  <linearGradient id="paint" x1="0" y1="300" x2="0" y2="660" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="${shade(colour, 0.28)}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${shade(colour, -0.25)}"/>
  </linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dbeefa"/><stop offset="0.5" stop-color="#8fb1c7"/><stop offset="1" stop-color="#4c6a80"/></linearGradient>
  <clipPath id="bodyClip"><path d="${s.body}"/></clipPath>
</defs>
<rect width="1280" height="800" fill="url(#sky)"/>
<circle cx="1080" cy="150" r="70" fill="${sky.sun}" opacity="0.9"/>
<path d="M0,520 Q200,420 420,500 T860,470 T1280,500 L1280,600 L0,600 Z" fill="${sky.hillFar}"/>
<path d="M0,570 Q260,500 540,560 T1280,550 L1280,600 L0,600 Z" fill="${sky.hillNear}"/>
${palmTree(110, 1)}${palmTree(1190, 0.8)}
<rect y="600" width="1280" height="16" fill="#cfc8b8"/>
<rect y="616" width="1280" height="184" fill="#4a4f57"/>
${dashes}
<ellipse cx="${centre}" cy="${GROUND_Y + 4}" rx="${(frontX - rearX) / 2 + s.wheelRadius + 80}" ry="16" fill="#000" opacity="0.28"/>
<g>
  <path d="${s.body}" fill="url(#paint)"/>
  <g clip-path="url(#bodyClip)">${wells}<rect x="0" y="${s.beltY}" width="1280" height="4" fill="${shade(colour, 0.45)}" opacity="0.7"/></g>
  <path d="${s.glass}" fill="url(#glass)"/>
  <g clip-path="url(#bodyClip)">${pillars}</g>
  ${seams}${handles}
  <rect x="${hx}" y="${hy}" width="${hw}" height="${hh}" rx="6" fill="#fff8d6" stroke="${dark}" stroke-width="2"/>
  <rect x="${tx}" y="${ty}" width="${tw}" height="${th}" rx="5" fill="#d7263d"/>
  ${s.extras ?? ''}
  ${s.wheelX.map((x) => wheel(x, s.wheelRadius)).join('')}
</g>
</svg>`;
}

/** The illustration as a WebP picture of DEMO_PICTURE_WIDTH x DEMO_PICTURE_HEIGHT. */
export async function carPictureWebp(spec: CarPictureSpec): Promise<Buffer> {
  return sharp(Buffer.from(carPictureSvg(spec)))
    .webp({ quality: 80 })
    .toBuffer();
}
