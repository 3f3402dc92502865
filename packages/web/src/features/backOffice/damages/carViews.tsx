/**
 * The car's outline from each side, drawn here by hand (no picture to download): the top view with
 * the front at the top; the left side seen standing at the car's left (front to the left), the right
 * side its mirror; the front and the back as one faces them. A pin's x and y are fractions of its
 * view's box, so the drawing may be shown at any size.
 */
import type { DrawnView } from '@rental/contract/damagePins';

export interface ViewDrawing {
  width: number;
  height: number;
  /** A pin's touch circle, in the view's units: at least 44 px across on a 390 px phone. */
  hitRadius: number;
  /** The most the view is shown high, in CSS pixels: a side view is not a banner on a desktop. */
  maxHeight: number;
  /** Drawn with the body's stroke; the first is the body, filled. */
  paths: string[];
  wheels?: { cx: number; cy: number; r: number }[];
  /** Words on the drawing that say which way it faces (for the eye; the view's name says it for a screen reader). */
  marks: { x: number; y: number; text: string }[];
  mirrored?: boolean;
}

const SIDE: Omit<ViewDrawing, 'marks'> = {
  width: 400,
  height: 190,
  hitRadius: 28,
  maxHeight: 280,
  paths: [
    'M20 122 L24 96 Q30 82 60 78 L112 70 Q142 42 182 34 L262 34 Q302 38 332 70 L370 78 Q384 82 384 100 L386 126 Q386 138 374 138 L20 138 Q12 134 20 122 Z',
    'M124 70 Q148 48 182 42 L212 42 L212 70 Z',
    'M220 42 L260 42 Q290 46 316 70 L220 70 Z',
    'M216 72 L216 134',
    'M150 92 L172 92',
    'M252 92 L274 92',
  ],
  wheels: [
    { cx: 92, cy: 140, r: 26 },
    { cx: 312, cy: 140, r: 26 },
  ],
};

const FRONT_BODY =
  'M40 152 L40 112 Q44 92 70 88 L96 40 Q104 28 120 28 L180 28 Q196 28 204 40 L230 88 Q256 92 260 112 L260 152 Q260 162 250 162 L50 162 Q40 162 40 152 Z';
const FRONT_WHEELS = [
  'M52 162 L86 162 L86 184 Q86 188 82 188 L56 188 Q52 188 52 184 Z',
  'M214 162 L248 162 L248 184 Q248 188 244 188 L218 188 Q214 188 214 184 Z',
];

export const VIEW_DRAWINGS: Record<DrawnView, ViewDrawing> = {
  top: {
    width: 200,
    height: 380,
    hitRadius: 20,
    maxHeight: 420,
    paths: [
      'M60 18 Q100 6 140 18 Q170 30 172 72 L176 302 Q176 352 140 364 Q100 374 60 364 Q24 352 24 302 L28 72 Q30 30 60 18 Z',
      'M46 122 Q100 98 154 122 L148 152 Q100 138 52 152 Z',
      'M52 158 Q100 146 148 158 L148 262 Q100 272 52 262 Z',
      'M52 270 Q100 282 148 270 L154 302 Q100 320 46 302 Z',
      'M28 130 L10 124 L10 142 L28 144 Z',
      'M172 130 L190 124 L190 142 L172 144 Z',
    ],
    marks: [
      { x: 100, y: 64, text: 'Front' },
      { x: 100, y: 344, text: 'Back' },
    ],
  },
  front: {
    width: 300,
    height: 200,
    hitRadius: 21,
    maxHeight: 280,
    paths: [
      FRONT_BODY,
      'M104 44 Q108 38 118 38 L182 38 Q192 38 196 44 L214 84 L86 84 Z',
      'M56 106 L96 106 L92 122 L56 122 Z',
      'M244 106 L204 106 L208 122 L244 122 Z',
      'M112 110 L188 110 L184 134 L116 134 Z',
      ...FRONT_WHEELS,
    ],
    marks: [],
  },
  back: {
    width: 300,
    height: 200,
    hitRadius: 21,
    maxHeight: 280,
    paths: [
      FRONT_BODY,
      'M100 44 Q106 36 118 36 L182 36 Q194 36 200 44 L214 80 L86 80 Z',
      'M52 102 L94 102 L94 120 L52 120 Z',
      'M248 102 L206 102 L206 120 L248 120 Z',
      'M122 118 L178 118 L178 138 L122 138 Z',
      ...FRONT_WHEELS,
    ],
    marks: [],
  },
  left: { ...SIDE, marks: [{ x: 40, y: 170, text: 'Front' }] },
  right: { ...SIDE, mirrored: true, marks: [{ x: 360, y: 170, text: 'Front' }] },
};
