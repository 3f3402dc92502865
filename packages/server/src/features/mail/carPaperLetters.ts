/**
 * Staff's alert before a car's paper expires (features/carPapers/alerts.ts): one message to the
 * company's e-mail, where every staff alert goes. Pure: makers/carPapers.ts reads the paper.
 */
import { CAR_PAPER_WORDS, type CarPaperKind, type CompanySettings, formatDay, formatShortDate } from '@rental/contract';
import { compose, type Letter, type LetterBlock, type MailSettings } from './letters';

export interface ExpiringPaper {
  kind: CarPaperKind;
  expiresOn: string;
  insurer: string | null;
  policyNumber: string | null;
  car: { id: string; brand: string; model: string; plate: string | null };
}

export function carPaperExpiringLetter(paper: ExpiringPaper, daysLeft: number, company: CompanySettings, mail: MailSettings): Letter {
  const what = CAR_PAPER_WORDS[paper.kind];
  const car = `${paper.car.brand} ${paper.car.model}${paper.car.plate ? ` (${paper.car.plate})` : ''}`;
  const rows: [string, string][] = [
    ['Car', car],
    ['Paper', what],
    ['Expires on', formatDay(paper.expiresOn)],
  ];
  if (paper.insurer) rows.push(['Insurer', paper.insurer]);
  if (paper.policyNumber) rows.push(['Policy number', paper.policyNumber]);
  const blocks: LetterBlock[] = [
    `The ${what.toLowerCase()} of the ${car} expires on ${formatDay(paper.expiresOn)}, in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}. From that day the car cannot be handed over at the counter until the paper is renewed.`,
    { rows },
    'Renew it, then save the new paper (and its scan) on the car’s page. Bookings that run past the expiry are listed on the Car papers page.',
    { link: `${mail.siteUrl}/owner/papers`, label: 'Open Car papers' },
  ];
  return compose(
    'car_paper_expiring',
    mail.companyEmail ?? company.email,
    `${what} of the ${car} expires ${formatShortDate(paper.expiresOn)}`,
    'Hello,',
    blocks,
    company,
    mail,
  );
}
