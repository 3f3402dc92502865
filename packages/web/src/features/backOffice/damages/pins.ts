/** Damages as pins on the car's drawing: those on the car's record, and those marked now at the counter. */
import type { DamageZone } from '@rental/contract/counter';
import { viewOfZone } from '@rental/contract/damagePins';
import type { CarDamage } from '@rental/contract/schemas';
import type { DiagramPin, PinPlace } from './CarDiagram';

/** The car's damages, numbered in the order given (open ones as noted, repaired ones as such). */
export function damagePins(damages: CarDamage[]): DiagramPin[] {
  return damages.map((damage, n) => ({
    key: damage._id,
    number: n + 1,
    view: damage.view,
    x: damage.x,
    y: damage.y,
    words: damage.description,
    tone: damage.repairedAt ? 'repaired' : 'noted',
  }));
}

/** A damage marked at the counter: where the outline was tapped (its zone follows the view). */
export interface MarkedDamage {
  key: string;
  zone: DamageZone;
  place: PinPlace | null;
  description: string;
}

/** The damages marked now, numbered as their rows ("New damage 1"). */
export function markedPins(damages: MarkedDamage[]): DiagramPin[] {
  return damages.map((damage, n) => ({
    key: damage.key,
    number: n + 1,
    view: damage.place?.view ?? viewOfZone(damage.zone),
    x: damage.place?.x ?? null,
    y: damage.place?.y ?? null,
    words: damage.description.trim() || 'not described yet',
    tone: 'new',
  }));
}

/** The pin's fields of a request (the zone is sent too, for a server that knows only zones). */
export function placeFields(place: PinPlace | null): { view?: string; x?: number | null; y?: number | null } {
  return place ? { view: place.view, x: place.x, y: place.y } : {};
}
