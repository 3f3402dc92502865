/**
 * A car's months (or the fleet's) as bars: revenue beside costs. Recharts is large, so this file is
 * loaded on its own (React.lazy from the report page), as the dashboard's revenue chart is.
 */
import { formatMoney } from '@rental/contract/format';
import type { FleetCar } from '@rental/contract/schemas';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactAmount } from '../revenueMonths';
import { monthBars } from './fleetMonths';

export default function FleetChart({ title, months, byMonth, currency }: { title: string; months: string[]; byMonth: FleetCar['byMonth']; currency: string }) {
  const bars = monthBars(months, byMonth);
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <>
      <div aria-hidden="true" className="h-64 w-full" data-testid="fleet-chart">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology: the table below the chart says the same. */}
          <BarChart data={bars} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis width={44} tickLine={false} axisLine={false} tickFormatter={compactAmount} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.name ?? '')}
              formatter={(value, name) => [money(Number(value)), name === 'revenue' ? 'Revenue' : 'Costs']}
            />
            <Legend formatter={(name) => (name === 'revenue' ? 'Revenue' : 'Costs')} wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="revenue" fill="var(--color-primary)" radius={[4, 4, 0, 0]} maxBarSize={28} />
            <Bar dataKey="costs" fill="#f59e0b" radius={[4, 4, 0, 0]} maxBarSize={28} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* In a box of its own: a table keeps its columns' width whatever sr-only says, and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{title} by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Rented days</th>
              <th scope="col">Revenue</th>
              <th scope="col">Costs</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.month}>
                <th scope="row">{bar.name}</th>
                <td>{bar.rentedDays}</td>
                <td>{money(bar.revenue)}</td>
                <td>{money(bar.costs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
