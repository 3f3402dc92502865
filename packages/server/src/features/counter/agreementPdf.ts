/**
 * The rental agreement signed when the keys are handed over, drawn from its content
 * (agreementContent.ts, which the check-out screen shows before signing) and both signatures.
 * It is kept as made, so the same facts must give the same bytes (its dates are the check-out's).
 */
import type { AgreementBlock } from '@rental/contract';
import { type AgreementContentFacts, agreementDocument, type OnlineAgreementContentFacts, onlineContentFacts } from './agreementContent';
import { jamaicaTime, Paper } from './pdfLayout';

export interface AgreementFacts extends AgreementContentFacts {
  /** The customer's signature, a PNG. */
  signature: Uint8Array;
  /** A PNG, or null: the paper says who signed for the company. */
  staffSignature: Uint8Array | null;
}

function draw(paper: Paper, block: AgreementBlock) {
  if (block.kind === 'rows') paper.rows(block.rows);
  else if (block.kind === 'amounts') paper.amounts(block.lines);
  else if (block.kind === 'list') paper.list(block.items, block.numbered);
  else {
    // A bold line introduces what follows it: a little room above it.
    if (block.bold) paper.gap(4);
    paper.text(block.text, { grey: block.grey, bold: block.bold });
  }
}

/** Signed on the customer's phone (online check-in): the signature, and where it was signed from. */
export interface OnlineAgreementFacts extends OnlineAgreementContentFacts {
  signature: Uint8Array;
  /** The address and browser the signature came from, printed under it. */
  signedFrom: { ip: string; userAgent: string };
}

/** The agreement as the customer signs it online: the counter's content and paper, the company's signature left to the counter. */
export function renderOnlineAgreement(facts: OnlineAgreementFacts): Promise<Uint8Array> {
  return renderAgreement({ ...onlineContentFacts(facts), signature: facts.signature, staffSignature: null, signedFrom: facts.signedFrom });
}

export async function renderAgreement(facts: AgreementFacts & { signedFrom?: { ip: string; userAgent: string } }): Promise<Uint8Array> {
  const content = agreementDocument(facts);
  const paper = await Paper.create({
    title: `Rental agreement ${facts.reference}`,
    company: content.company.name,
    date: facts.checkedOutAt,
    footer: `Rental agreement ${facts.reference}`,
  });

  paper.text(content.company.name, { size: 16, bold: true });
  for (const line of content.company.lines) paper.text(line, { grey: true });
  paper.title(content.title);
  for (const section of content.sections) {
    paper.heading(section.heading);
    for (const block of section.blocks) draw(paper, block);
  }

  // The signatures stay on the page of their heading and the sentence they sign.
  paper.ensure(180);
  paper.heading('Signatures');
  paper.text(content.signing);
  paper.gap(10);
  const signedAt = jamaicaTime(facts.checkedOutAt);
  if (facts.signedFrom) {
    paper.rows([
      ['Signed online', signedAt],
      ['From the address', facts.signedFrom.ip || 'Not known'],
      ['Browser', facts.signedFrom.userAgent || 'Not known'],
    ]);
    paper.gap(6);
  }
  await paper.signatures([
    { role: 'Renter', png: facts.signature, name: facts.customer.name, date: signedAt },
    facts.online
      ? {
          role: `For ${facts.company.name}`,
          png: null,
          instead: 'Signed for the company at the counter, when the keys are handed over',
          name: '',
          date: '',
        }
      : {
          role: `For ${facts.company.name}`,
          png: facts.staffSignature,
          instead: `Signed for the company by ${facts.staffName}`,
          name: facts.staffName,
          date: signedAt,
        },
  ]);
  return paper.finish();
}
