/**
 * A damage as a pin on the car's drawing: the view it is seen in (top, front, back, left, right)
 * and where on that view, as fractions of its width and height (0 at the left or top, 1 at the
 * right or bottom), so the drawing can be any size. Damage inside the car is listed, not placed.
 * A damage noted before the drawings has a zone and no place: it shows in the list of its view.
 */
import type { DamageZone } from './counter';

export const DAMAGE_VIEWS = ['top', 'front', 'back', 'left', 'right', 'interior'] as const;
export type DamageView = (typeof DAMAGE_VIEWS)[number];
/** The views drawn as the car's outline; the inside is a list. */
export const DRAWN_VIEWS = ['top', 'front', 'back', 'left', 'right'] as const;
export type DrawnView = (typeof DRAWN_VIEWS)[number];

export const DAMAGE_VIEW_WORDS: Record<DamageView, string> = {
  top: 'Top',
  front: 'Front',
  back: 'Back',
  left: 'Left side',
  right: 'Right side',
  interior: 'Inside',
};

/** The roof is what the top view shows; every other zone is a view of its own name. */
export function viewOfZone(zone: DamageZone): DamageView {
  return zone === 'roof' ? 'top' : zone;
}

export function zoneOfView(view: DamageView): DamageZone {
  return view === 'top' ? 'roof' : view;
}

export function isDamageView(value: unknown): value is DamageView {
  return typeof value === 'string' && (DAMAGE_VIEWS as readonly string[]).includes(value);
}

export const DAMAGE_PIN_REFUSALS = {
  damage_view_unknown: 'Please choose where the damage is seen: top, front, back, left side, right side or inside.',
  damage_pin_off_car: 'The place of a damage is off the drawing. Please tap the damage on the car again.',
  damage_pin_inside: 'A damage inside the car is listed, not placed on the drawing. Please remove its place.',
  damage_place_missing: 'Please say where each damage is: tap it on the drawing, or choose "inside".',
  repair_cost_negative: 'The repair cost cannot be below zero. Please check the amount.',
  repair_in_future: 'The repair day is still to come. Please choose the day the car was repaired.',
  repair_before_found: 'The repair day is before the damage was found. Please choose the day the car was repaired.',
} as const;
export type DamagePinRefusal = keyof typeof DAMAGE_PIN_REFUSALS;

/** A damage's place as a form sends it: a zone (the older forms), or a view with its x and y. */
export interface DamagePlaceInput {
  zone?: DamageZone | undefined;
  view?: string | undefined;
  x?: number | null | undefined;
  y?: number | null | undefined;
}

export interface DamagePlace {
  zone: DamageZone;
  view: DamageView;
  x: number | null;
  y: number | null;
}

const onDrawing = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;

/**
 * Where a damage is, or why the place cannot be taken. The view wins over the zone when both are
 * sent (a newer form sends both, so an older server still reads the zone).
 */
export function damagePlace(input: DamagePlaceInput): DamagePlace | { refusal: DamagePinRefusal } {
  const x = input.x ?? null;
  const y = input.y ?? null;
  if (input.view === undefined) {
    if (x !== null || y !== null) return { refusal: 'damage_view_unknown' };
    if (input.zone === undefined) return { refusal: 'damage_place_missing' };
    return { zone: input.zone, view: viewOfZone(input.zone), x: null, y: null };
  }
  if (!isDamageView(input.view)) return { refusal: 'damage_view_unknown' };
  const view = input.view;
  if (view === 'interior') {
    if (x !== null || y !== null) return { refusal: 'damage_pin_inside' };
    return { zone: 'interior', view, x: null, y: null };
  }
  if ((x === null) !== (y === null)) return { refusal: 'damage_pin_off_car' };
  if (x !== null && y !== null && !(onDrawing(x) && onDrawing(y))) return { refusal: 'damage_pin_off_car' };
  return { zone: zoneOfView(view), view, x, y };
}

/** Why a repair cannot be recorded so, or null. `today` and `repairedOn` are Jamaica days (YYYY-MM-DD). */
export function repairProblem(repair: { repairedOn: string; cost: number | null }, today: string, foundOn: string): DamagePinRefusal | null {
  if (repair.cost !== null && repair.cost < 0) return 'repair_cost_negative';
  if (repair.repairedOn > today) return 'repair_in_future';
  if (repair.repairedOn < foundOn) return 'repair_before_found';
  return null;
}
