import { addDays, companyToday } from '@rental/contract/rentalDates';
import { formatDay } from '@rental/contract/format';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaperAlertMark, paperAlertText } from './PaperAlertMark';

describe('the red mark of a car’s paper', () => {
  const today = companyToday();

  it('says in words that a paper expired, or runs out before the return', () => {
    expect(paperAlertText({ kind: 'insurance', expiresOn: today }, today)).toBe(`Insurance expired on ${formatDay(today)}`);
    const later = addDays(today, 2);
    expect(paperAlertText({ kind: 'fitness', expiresOn: later }, today)).toBe(`Certificate of fitness expires on ${formatDay(later)}, before the return`);
  });

  it('shows nothing for a car whose papers are in order', () => {
    const { container } = render(<PaperAlertMark alert={null} />);
    expect(container).toBeEmptyDOMElement();
    render(<PaperAlertMark alert={{ kind: 'registration', expiresOn: today }} />);
    expect(screen.getByText(`Registration expired on ${formatDay(today)}`)).toBeInTheDocument();
  });
});
