/**
 * The rental agreement as the PDF prints it (the server's AgreementDocument: the company's lines,
 * the title, each section's blocks), readable on a phone: shown at the counter before the customer
 * signs, and on the customer's own phone at online check-in.
 */
import type { AgreementBlock, AgreementDocument } from '@rental/contract/schemas';

function Block({ block }: { block: AgreementBlock }) {
  if (block.kind === 'rows') {
    return (
      <dl className="divide-y divide-slate-100">
        {block.rows.map(([term, value], index) => (
          <div key={`${term}-${index}`} className="grid grid-cols-1 gap-x-4 py-1.5 sm:grid-cols-[11rem_1fr]">
            <dt className="text-sm text-slate-500">{term}</dt>
            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  if (block.kind === 'amounts') {
    return (
      <table className="w-full text-sm">
        <tbody>
          {block.lines.map((line, index) => (
            <tr key={`${line.label}-${index}`} className={line.total ? 'border-t border-slate-300 font-semibold' : ''}>
              <td className="py-1 pr-3 text-slate-800">{line.label}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums text-slate-900">{line.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (block.kind === 'list') {
    const List = block.numbered ? 'ol' : 'ul';
    return (
      <List className={`space-y-1 pl-5 text-sm text-slate-800 ${block.numbered ? 'list-decimal' : 'list-disc'}`}>
        {block.items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </List>
    );
  }
  return <p className={`text-sm ${block.grey ? 'text-slate-600' : 'text-slate-800'} ${block.bold ? 'mt-2 font-semibold' : ''}`}>{block.text}</p>;
}

/** The agreement as the PDF prints it: the company's lines, the title, each section. */
export function AgreementView({ agreement }: { agreement: AgreementDocument }) {
  return (
    <article aria-label="Rental agreement" className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-5">
      <header>
        <p className="text-lg font-bold text-slate-900">{agreement.company.name}</p>
        {agreement.company.lines.map((line) => (
          <p key={line} className="text-sm text-slate-600">
            {line}
          </p>
        ))}
        <h3 className="mt-3 text-xl font-bold text-slate-900">{agreement.title}</h3>
      </header>
      {agreement.sections.map((section) => (
        <section key={section.heading} className="space-y-2">
          <h4 className="border-b border-slate-300 pb-1 font-semibold text-slate-900">{section.heading}</h4>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      <p className="font-medium text-slate-900">{agreement.signing}</p>
    </article>
  );
}
