import { BOOKS_REFUSALS } from '@rental/contract/books';
import { formatMoney } from '@rental/contract/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownerApi, ownerToken } from '../../../test/api';
import { renderApp } from '../../../test/renderApp';
import { lastMonth, monthDays } from './GctReportPage';

const SLOW = { timeout: 10_000 };

/** jsdom makes no object URLs: the files the page hands the browser are kept to read. */
const realObjectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
function watchDownloads() {
  const files: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return `blob:download-${files.length}`;
  };
  URL.revokeObjectURL = () => {};
  return files;
}

describe('GCT and the books', () => {
  beforeAll(() => import('../StaffRoutes'));
  afterEach(() => {
    URL.createObjectURL = realObjectUrl.create;
    URL.revokeObjectURL = realObjectUrl.revoke;
  });

  it('is in the side menu and shows last month’s GCT as the server sums it, with the TRN, and its lines as a file', async () => {
    const files = watchDownloads();
    const month = lastMonth();
    const { report } = await ownerApi().call('gctReport', { query: { month } });
    renderApp('/owner', { token: ownerToken() });
    const menu = await screen.findByRole('navigation', { name: 'Owner menu' }, SLOW);
    await userEvent.click(within(menu).getByRole('link', { name: 'GCT and the books' }));
    expect(await screen.findByRole('heading', { name: 'GCT and the books', level: 1 }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue(month);

    const totals = await screen.findByLabelText(`GCT for ${month}`, {}, SLOW);
    const net = within(totals).getByText('Net GCT for the month').nextElementSibling;
    expect(net).toHaveTextContent(formatMoney(report.netGct, report.currency));
    expect(within(totals).getByText(`GCT charged (${report.gctPercent}%)`).nextElementSibling).toHaveTextContent(
      formatMoney(report.gctCharged, report.currency),
    );
    expect(screen.getByText(report.trn ? report.trn : /No TRN saved yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Download the month’s lines (CSV)' }));
    await waitFor(() => expect(files).toHaveLength(1), SLOW);
    expect(await files[0]!.text()).toContain('"Net GCT for the month"');
  });

  it('says what is wrong with the journal’s days before asking, and downloads a balanced journal once they are right', async () => {
    const files = watchDownloads();
    renderApp('/owner/reports/gct', { token: ownerToken() });
    const form = await screen.findByRole('form', { name: 'Journal for the accountant' }, SLOW);
    const from = within(form).getByLabelText('First day');
    const to = within(form).getByLabelText('Last day');
    expect(from).toHaveValue(monthDays(lastMonth()).from);
    expect(to).toHaveValue(monthDays(lastMonth()).to);

    await userEvent.clear(to);
    await userEvent.type(to, '2020-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Download the journal (CSV)' }));
    expect(to).toHaveAccessibleDescription(BOOKS_REFUSALS.range_backwards);
    expect(files).toHaveLength(0);

    await userEvent.clear(from);
    await userEvent.type(from, '2018-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Download the journal (CSV)' }));
    expect(to).toHaveAccessibleDescription(BOOKS_REFUSALS.range_too_long);

    await userEvent.clear(from);
    await userEvent.type(from, '2019-12-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Download the journal (CSV)' }));
    await waitFor(() => expect(files).toHaveLength(1), SLOW);
    expect(to).not.toHaveAccessibleDescription(BOOKS_REFUSALS.range_too_long);
    expect(await files[0]!.text()).toMatch(/^\uFEFF?"Journal No","Date","Account","Debit","Credit","Memo","Reference"\r\n/);

    await userEvent.selectOptions(within(form).getByLabelText('For'), 'Xero');
    await userEvent.click(within(form).getByRole('button', { name: 'Download the journal (CSV)' }));
    await waitFor(() => expect(files).toHaveLength(2), SLOW);
    expect(await files[1]!.text()).toMatch(/^\uFEFF?"Narration","Date","Description","AccountCode","TaxRate","Amount"\r\n/);
  });
});
