/**
 * The car's drawing with its damages as numbered pins, one view at a time (top, front, back, left,
 * right: a phone shows one large enough to tap), the inside as a list. Each pin is a button that
 * says its damage in words. Where the diagram takes new damages (`onPlace`), a tap on the car
 * places one there; "Mark a damage: …" places one in the middle of the view for those who use a
 * keyboard or a screen reader, and a new pin moves with the arrow keys.
 */
import { DAMAGE_VIEW_WORDS, type DamageView, DRAWN_VIEWS, type DrawnView } from '@rental/contract/damagePins';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { VIEW_DRAWINGS } from './carViews';

export type PinTone = 'noted' | 'new' | 'repaired';

export interface DiagramPin {
  key: string;
  /** The number the pin shows, as the list beside it numbers the damage. */
  number: number;
  view: DamageView;
  /** Null: noted before the drawings (or inside): listed under its view, not drawn. */
  x: number | null;
  y: number | null;
  /** The damage in words: "Scratch on the driver door". */
  words: string;
  tone: PinTone;
}

export interface PinPlace {
  view: DamageView;
  x: number | null;
  y: number | null;
}

const TONE_WORDS: Record<PinTone, string> = { noted: 'already noted', new: 'new', repaired: 'repaired' };
const TONE_CLASS: Record<PinTone, string> = {
  noted: 'fill-slate-600 stroke-white',
  new: 'fill-amber-500 stroke-white',
  repaired: 'fill-emerald-600 stroke-white',
};
/** How far an arrow key moves a new pin, as a fraction of the view. */
const STEP = 0.02;

export const markButtonName = (view: DamageView) => `Mark a damage: ${DAMAGE_VIEW_WORDS[view].toLowerCase()}`;

export function pinName(pin: DiagramPin): string {
  return `Damage ${pin.number}, ${TONE_WORDS[pin.tone]}: ${pin.words} (${DAMAGE_VIEW_WORDS[pin.view].toLowerCase()})`;
}

const tenths = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

export function CarDiagram({
  pins,
  label,
  onPlace,
  onMove,
  onSelect,
  canPlace = true,
}: {
  pins: DiagramPin[];
  /** What the drawing is for, read first by a screen reader: "New damages at check-out". */
  label: string;
  onPlace?: (place: PinPlace) => void;
  /** A new pin moved with the arrow keys. */
  onMove?: (key: string, place: { x: number; y: number }) => void;
  onSelect?: (key: string) => void;
  /** False while no more damages may be added (the form's most). */
  canPlace?: boolean;
}) {
  const [view, setView] = useState<DrawnView>('top');
  const drawing = VIEW_DRAWINGS[view];
  const placed = pins.filter((pin) => pin.view === view && pin.x !== null && pin.y !== null);
  const listed = pins.filter((pin) => (pin.view === view && (pin.x === null || pin.y === null)) || pin.view === 'interior');
  const placing = onPlace !== undefined && canPlace;

  const tap = (event: MouseEvent<SVGRectElement>) => {
    if (!placing) return;
    const box = event.currentTarget.closest('svg')!.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onPlace({ view, x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };

  const pinKeys = (pin: DiagramPin) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.(pin.key);
      return;
    }
    const move = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[event.key];
    if (!move || !onMove || pin.tone !== 'new' || pin.x === null || pin.y === null) return;
    event.preventDefault();
    onMove(pin.key, { x: clamp(pin.x + move[0]!), y: clamp(pin.y + move[1]!) });
  };

  const countOn = (which: DrawnView) => pins.filter((pin) => pin.view === which).length;
  const r = drawing.hitRadius;

  return (
    <div className="space-y-3">
      <div role="group" aria-label="Side of the car shown" className="flex flex-wrap gap-1.5">
        {DRAWN_VIEWS.map((which) => {
          const count = countOn(which);
          return (
            <button
              key={which}
              type="button"
              aria-pressed={view === which}
              aria-label={count > 0 ? `${DAMAGE_VIEW_WORDS[which]}, ${count} ${count === 1 ? 'damage' : 'damages'}` : DAMAGE_VIEW_WORDS[which]}
              className={`min-h-11 rounded-lg border px-3 text-sm font-medium ${
                view === which ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
              onClick={() => setView(which)}
            >
              {DAMAGE_VIEW_WORDS[which]}
              {count > 0 && <span className="ml-1 text-xs">({count})</span>}
            </button>
          );
        })}
      </div>

      <div className="mx-auto" style={{ width: `min(100%, ${Math.round((drawing.maxHeight * drawing.width) / drawing.height)}px)` }}>
        <svg
          viewBox={`0 0 ${drawing.width} ${drawing.height}`}
          role="group"
          aria-label={`${label}: the car's ${DAMAGE_VIEW_WORDS[view].toLowerCase()}${placing ? ', tap where the damage is' : ''}`}
          className="block h-auto w-full touch-manipulation select-none"
        >
          <g transform={drawing.mirrored ? `translate(${drawing.width} 0) scale(-1 1)` : undefined} aria-hidden="true">
            {drawing.paths.map((d, n) => (
              <path key={d} d={d} className={n === 0 ? 'fill-slate-100 stroke-slate-500' : 'fill-white stroke-slate-400'} strokeWidth="2" />
            ))}
            {drawing.wheels?.map((wheel) => (
              <circle key={wheel.cx} {...wheel} className="fill-slate-700 stroke-slate-500" strokeWidth="2" />
            ))}
          </g>
          {drawing.marks.map((mark) => (
            <text key={mark.text} x={mark.x} y={mark.y} textAnchor="middle" className="fill-slate-500 text-[12px]" aria-hidden="true">
              {mark.text}
            </text>
          ))}
          {/* The whole view takes a tap; the pins above it take their own. */}
          <rect
            data-testid="diagram-surface"
            width={drawing.width}
            height={drawing.height}
            fill="transparent"
            className={placing ? 'cursor-crosshair' : undefined}
            aria-hidden="true"
            onClick={tap}
          />
          {placed.map((pin) => (
            <g
              key={pin.key}
              role="button"
              tabIndex={0}
              aria-label={pinName(pin)}
              className="cursor-pointer outline-none [&:focus-visible>circle:nth-child(2)]:stroke-primary"
              transform={`translate(${tenths(pin.x! * drawing.width)} ${tenths(pin.y! * drawing.height)})`}
              onClick={() => onSelect?.(pin.key)}
              onKeyDown={pinKeys(pin)}
            >
              <circle r={r} fill="transparent" />
              <circle r={r * 0.55} className={TONE_CLASS[pin.tone]} strokeWidth="3" />
              <text textAnchor="middle" dominantBaseline="central" className="fill-white text-[12px] font-bold" aria-hidden="true">
                {pin.number}
              </text>
            </g>
          ))}
        </svg>
      </div>

      {placing && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary min-h-11 px-3 text-sm" onClick={() => onPlace({ view, x: 0.5, y: 0.5 })}>
            {markButtonName(view)}
          </button>
          <button type="button" className="btn-secondary min-h-11 px-3 text-sm" onClick={() => onPlace({ view: 'interior', x: null, y: null })}>
            {markButtonName('interior')}
          </button>
        </div>
      )}
      {placing && <p className="text-xs text-slate-600">A new pin moves with the arrow keys once it has the focus.</p>}

      {listed.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold text-slate-700">Inside, or noted without a place</h4>
          <ul className="mt-1 space-y-1">
            {listed.map((pin) => (
              <li key={pin.key}>
                <button
                  type="button"
                  className="min-h-11 w-full rounded-lg px-2 text-left text-sm text-slate-800 hover:bg-slate-50"
                  aria-label={pinName(pin)}
                  onClick={() => onSelect?.(pin.key)}
                >
                  <span className="font-semibold">{pin.number}.</span> {DAMAGE_VIEW_WORDS[pin.view]}: {pin.words}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {pins.some((pin) => pin.tone === 'noted') && pins.some((pin) => pin.tone === 'new') && (
        <p className="text-xs text-slate-600">Grey: a damage already noted. Amber: a new damage marked now.</p>
      )}
    </div>
  );
}
