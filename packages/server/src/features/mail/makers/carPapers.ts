/** Staff's alert before a car's paper expires, from the paper as it stands when the letter is written. */
import { eq } from 'drizzle-orm';
import { carPapers, cars } from '../../../db/schema';
import { carPaperExpiringLetter } from '../carPaperLetters';
import type { LetterMakers } from '../fromEvents';

export const carPaperMakers: LetterMakers = {
  async car_paper_expiring(tx, event, { mail, company }) {
    const [paper] = await tx
      .select({
        kind: carPapers.kind,
        expiresOn: carPapers.expiresOn,
        insurer: carPapers.insurer,
        policyNumber: carPapers.policyNumber,
        car: { id: cars.id, brand: cars.brand, model: cars.model, plate: cars.plate },
      })
      .from(carPapers)
      .innerJoin(cars, eq(cars.id, carPapers.carId))
      .where(eq(carPapers.id, event.data.paperId));
    if (!paper) return [];
    return [carPaperExpiringLetter(paper, event.data.daysLeft, await company(), mail)];
  },
};
