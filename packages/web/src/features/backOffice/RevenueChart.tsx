/**
 * The last 12 months of revenue as bars. Recharts is large, so this file is loaded on its own
 * (React.lazy from the dashboard) and only staff ever download it.
 */
import type { MonthRevenue } from '@rental/contract/schemas';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMoney } from '../../company/useCompany';
import { compactAmount, revenueBars } from './revenueMonths';

export default function RevenueChart({ months }: { months: MonthRevenue[] }) {
  const money = useMoney();
  const bars = revenueBars(months);
  return (
    <>
      <div aria-hidden="true" className="h-60 w-full" data-testid="revenue-chart">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the chart is hidden from assistive technology (the table below says the
              same), and a focusable chart inside aria-hidden is a trap axe rightly refuses. */}
          <BarChart data={bars} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis width={44} tickLine={false} axisLine={false} tickFormatter={compactAmount} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.name ?? '')}
              formatter={(value) => [money(Number(value)), 'Revenue']}
            />
            <Bar dataKey="revenue" fill="var(--color-primary)" radius={[4, 4, 0, 0]} maxBarSize={36} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Revenue by month, the last 12 months</caption>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.month}>
              <th scope="row">{bar.name}</th>
              <td>{money(bar.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
