/**
 * Stand-in car photos for the benchmark fleet: a simple side view drawn as SVG, with film grain
 * laid over it so the encoded files weigh roughly what a real photo of that size would.
 */
import sharp from 'sharp';

const BODY_SHAPES = {
  Sedan: 'M150,330 L150,280 Q150,262 170,258 L260,250 L330,196 Q340,188 360,188 L520,188 Q545,190 560,200 L630,250 L720,262 Q745,268 746,290 L746,330 Z',
  Hatchback: 'M190,330 L188,270 L214,210 Q220,196 240,196 L500,194 Q525,196 540,206 L600,252 L690,264 Q712,270 714,296 L714,330 Z',
  SUV: 'M140,330 L138,220 Q140,178 172,176 L540,174 Q566,176 580,190 L636,240 L726,254 Q750,262 752,292 L752,330 Z',
  Minivan: 'M146,330 L144,206 Q146,166 184,164 L580,162 Q608,166 622,184 L676,246 L730,258 Q748,266 750,292 L750,330 Z',
  Van: 'M128,330 L126,180 Q128,150 160,148 L690,146 Q716,148 726,170 L756,246 Q768,260 770,290 L770,330 Z',
  Pickup: 'M134,330 L132,244 L380,244 L384,196 Q388,178 410,178 L560,176 Q584,178 594,192 L640,248 L730,260 Q752,266 754,292 L754,330 Z',
  Cabriolet: 'M180,330 L178,282 Q180,258 204,254 L400,250 L520,250 L700,260 Q720,266 722,290 L722,330 Z',
};

const SKIES = [
  ['#6fb7ea', '#d9effb'],
  ['#f7b267', '#fde9c8'],
  ['#8fd0f2', '#eef8fc'],
];

export function carPictureSvg({ category, colour, scene, width, height }) {
  const [top, bottom] = SKIES[scene % SKIES.length];
  const body = BODY_SHAPES[category] ?? BODY_SHAPES.Sedan;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 900 560" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="p" x1="0" y1="150" x2="0" y2="340" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="0.5" stop-color="${colour}"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient></defs>
<rect width="900" height="560" fill="url(#s)"/>
<path d="M0,300 Q180,230 360,290 T900,270 L900,380 L0,380 Z" fill="#7fb26b"/>
<rect y="380" width="900" height="180" fill="#4a4f57"/>
<rect x="40" y="470" width="120" height="8" fill="#e9e6dc"/><rect x="300" y="470" width="120" height="8" fill="#e9e6dc"/><rect x="560" y="470" width="120" height="8" fill="#e9e6dc"/>
<ellipse cx="450" cy="402" rx="330" ry="14" fill="#000" opacity="0.3"/>
<g transform="translate(0,60)"><path d="${body}" fill="${colour}"/><path d="${body}" fill="url(#p)"/>
<circle cx="270" cy="330" r="46" fill="#1e2126"/><circle cx="270" cy="330" r="26" fill="#c9ced6"/>
<circle cx="620" cy="330" r="46" fill="#1e2126"/><circle cx="620" cy="330" r="26" fill="#c9ced6"/></g>
</svg>`;
}

/** A JPEG as a phone camera would upload it (the server re-encodes it to WebP). */
export async function carPhotoJpeg(spec, width = 1280, height = 800) {
  const drawing = await sharp(Buffer.from(carPictureSvg({ ...spec, width, height })))
    .png()
    .toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
    .png()
    .toBuffer();
  return sharp(drawing)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
