/**
 * The car seen from above, front at the top, with its six zones to tap: the car's own left is on
 * the left of the drawing, as staff see it standing behind the car. "Inside" is the tile beside it.
 * Check-out and check-in draw the same one: each zone says how many damages were already noted
 * there (grey) and how many are marked now (amber), so staff compare the car with its record.
 */
import { DAMAGE_ZONE_WORDS, type DamageZone } from '@rental/contract/counter';
import type { KeyboardEvent } from 'react';

export type ZoneCounts = Partial<Record<DamageZone, number>>;

/** How many of the damages are in each zone. */
export function countByZone(damages: readonly { zone: DamageZone | '' }[]): ZoneCounts {
  const counts: ZoneCounts = {};
  for (const { zone } of damages) if (zone) counts[zone] = (counts[zone] ?? 0) + 1;
  return counts;
}

/** "1 noted, 2 new": a zone's counts under its word; empty when it has none. */
function countWords(noted: number, marked: number): string {
  return [noted > 0 ? `${noted} noted` : '', marked > 0 ? `${marked} new` : ''].filter(Boolean).join(', ');
}

function zoneFill(noted: number, marked: number): string {
  if (marked > 0) return 'fill-amber-100 stroke-amber-600';
  if (noted > 0) return 'fill-slate-200 stroke-slate-500';
  return 'fill-white stroke-slate-400';
}

interface ZoneShape {
  zone: DamageZone;
  /** The tappable area. */
  d: string;
  /** Where its word sits. */
  label: { x: number; y: number; vertical?: boolean };
}

const ZONES: ZoneShape[] = [
  { zone: 'front', d: 'M40 78 L40 52 Q40 12 110 12 Q180 12 180 52 L180 78 Z', label: { x: 110, y: 50 } },
  { zone: 'left', d: 'M20 84 L72 84 L72 276 L20 276 Q14 180 20 84 Z', label: { x: 44, y: 180, vertical: true } },
  { zone: 'roof', d: 'M78 120 L142 120 L142 240 L78 240 Z', label: { x: 110, y: 180, vertical: true } },
  { zone: 'right', d: 'M148 84 L200 84 Q206 180 200 276 L148 276 Z', label: { x: 176, y: 180, vertical: true } },
  { zone: 'back', d: 'M40 282 L180 282 L180 312 Q180 348 110 348 Q40 348 40 312 Z', label: { x: 110, y: 322 } },
  {
    zone: 'interior',
    d: 'M226 140 L306 140 Q314 140 314 148 L314 212 Q314 220 306 220 L226 220 Q218 220 218 212 L218 148 Q218 140 226 140 Z',
    label: { x: 266, y: 186 },
  },
];

export function zoneButtonName(zone: DamageZone): string {
  return `Mark a damage: ${DAMAGE_ZONE_WORDS[zone].toLowerCase()}`;
}

/** `counts`: the damages marked now; `noted`: those already on the car's record. */
export function CarOutline({ counts, noted = {}, onTap }: { counts: ZoneCounts; noted?: ZoneCounts; onTap: (zone: DamageZone) => void }) {
  const onKey = (zone: DamageZone) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onTap(zone);
    }
  };
  const anyNoted = Object.values(noted).some((n) => n > 0);
  return (
    <>
      <svg
        viewBox="0 0 330 360"
        role="group"
        className="mx-auto block w-full max-w-sm select-none"
        aria-label="The car seen from above: tap where the damage is"
      >
        {/* The body's outline under the zones, for the eye only. */}
        <path
          d="M40 52 Q40 8 110 8 Q180 8 180 52 L204 84 Q212 180 204 276 L180 312 Q180 352 110 352 Q40 352 40 312 L16 276 Q8 180 16 84 Z"
          className="fill-slate-100 stroke-slate-400"
          strokeWidth="2"
          aria-hidden="true"
        />
        {ZONES.map(({ zone, d, label }) => {
          const marked = counts[zone] ?? 0;
          const before = noted[zone] ?? 0;
          const words = countWords(before, marked);
          return (
            <g
              key={zone}
              role="button"
              tabIndex={0}
              aria-label={words ? `${zoneButtonName(zone)} — ${words}` : zoneButtonName(zone)}
              className="cursor-pointer outline-none [&:focus-visible>path]:stroke-primary [&:hover>path]:fill-sky-100"
              onClick={() => onTap(zone)}
              onKeyDown={onKey(zone)}
            >
              <path d={d} className={zoneFill(before, marked)} strokeWidth="2" />
              <text
                x={label.x}
                y={label.y}
                textAnchor="middle"
                dominantBaseline="middle"
                className="fill-slate-700 text-[13px] font-medium"
                transform={label.vertical ? `rotate(-90 ${label.x} ${label.y})` : undefined}
                aria-hidden="true"
              >
                <tspan x={label.x} dy={words ? -7 : 0}>
                  {DAMAGE_ZONE_WORDS[zone]}
                </tspan>
                {/* A space between the lines: the zone's words read "Front 1 new", as its name says them. */}
                {words && ' '}
                {words && (
                  <tspan x={label.x} dy={16} className="text-[11px] font-normal">
                    {words}
                  </tspan>
                )}
              </text>
            </g>
          );
        })}
      </svg>
      {anyNoted && <p className="mt-1 text-center text-xs text-slate-600">Grey: a damage already noted. Amber: a new damage marked now.</p>}
    </>
  );
}
