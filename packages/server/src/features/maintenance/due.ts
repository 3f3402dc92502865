/** The fleet's due list: cars with an item of their plan due soon or overdue, overdue cars first. */
import type { DueCar, MaintenanceDueResponse, ServiceBlockBody } from '@rental/contract';
import { serviceBlockNote } from '@rental/contract';
import type { CarBlock } from '@rental/contract';
import type { Database } from '../../db/types';
import { createBlock } from '../blocks';
import { itemStates } from './itemStates';
import { marginsNow } from './plan';

export async function dueList(db: Database): Promise<Omit<MaintenanceDueResponse, 'success'>> {
  const margins = await marginsNow(db);
  const rows = await itemStates(db, margins, { onlyDue: true });
  const cars = new Map<string, DueCar>();
  for (const row of rows) {
    const state = row.state === 'overdue' ? 'overdue' : 'due_soon';
    let car = cars.get(row.carId);
    if (!car) {
      car = { _id: row.carId, brand: row.brand, model: row.model, plate: row.plate, odometerKm: row.odometerKm, state, items: [] };
      cars.set(row.carId, car);
    }
    if (state === 'overdue') car.state = 'overdue';
    car.items.push({ name: row.name!, state, dueAtKm: row.dueAtKm, dueOn: row.dueOn, lastServiceOn: row.lastServiceOn });
  }
  // Overdue first; the database's order (make, model, plate) within each.
  const list = [...cars.values()].sort((a, b) => Number(b.state === 'overdue') - Number(a.state === 'overdue'));
  return { cars: list, soonKm: margins.soonKm, soonDays: margins.soonDays, today: margins.today };
}

/** A service block whose note names the items: the blocks feature's own rules and refusals. */
export function blockForService(db: Database, actorId: string, body: ServiceBlockBody & { items: string[] }): Promise<CarBlock> {
  return createBlock(db, actorId, { car: body.car, pickupDate: body.pickupDate, returnDate: body.returnDate, note: serviceBlockNote(body.items) });
}
