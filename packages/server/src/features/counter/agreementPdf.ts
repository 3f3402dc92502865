/**
 * The rental agreement signed when the keys are handed over, drawn from its content
 * (agreementContent.ts, which the check-out screen shows before signing) and both signatures.
 * It is kept as made, so the same facts must give the same bytes (its dates are the check-out's).
 */
import type { AgreementBlock } from '@rental/contract';
import { type AgreementContentFacts, agreementDocument } from './agreementContent';
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

export async function renderAgreement(facts: AgreementFacts): Promise<Uint8Array> {
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
  await paper.signatures([
    { role: 'Renter', png: facts.signature, name: facts.customer.name, date: signedAt },
    {
      role: `For ${facts.company.name}`,
      png: facts.staffSignature,
      instead: `Signed for the company by ${facts.staffName}`,
      name: facts.staffName,
      date: signedAt,
    },
  ]);
  return paper.finish();
}
