/**
 * A bank statement for the benchmarks (OFX, as NCB and Scotiabank export it): credits naming a
 * booking's reference as customers write it, credits naming the renter with the booking's balance,
 * credits that match nothing and debits. Used by statement-match.mjs (matching at scale) and
 * staff-pages.mjs (the statements pages with one uploaded).
 */
import { session } from './session.mjs';

export const BENCH_ACCOUNT = '354-1027-889';

const TO_PAY = `
  SELECT b.reference, u.name,
         (SELECT coalesce(sum(l.amount + l.gct), 0) FROM folio_lines l WHERE l.booking_id = b.id)
         - (SELECT coalesce(sum(CASE WHEN p.kind = 'payment' THEN p.amount ELSE -p.amount END), 0) FROM folio_payments p WHERE p.booking_id = b.id) AS balance
    FROM bookings b JOIN users u ON u.id = b.user_id
   WHERE b.status IN ('pending', 'confirmed', 'on_rent') AND b.payment_status = 'unpaid'
   ORDER BY md5(b.id::text) LIMIT $1`;

/**
 * Bookings to pay, with their balance and renter, read before the server starts (on PGlite the
 * server then holds the folder): `target` is { dataDir } or { databaseUrl }.
 */
export async function bookingsToPay(target, count) {
  const sql = await session(target);
  try {
    const rows = await sql.query(TO_PAY, [count]);
    return rows.map((r) => ({ ...r, balance: Number(r.balance) })).filter((r) => r.balance > 0);
  } finally {
    await sql.close();
  }
}

/** A customer's way of writing a reference: "wr 7k2 m9x", "WR7K2M9X", "Wr-7K2M9X". */
function scribble(reference, n) {
  const code = reference.slice(3);
  return [`wr ${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`, `WR${code}`, `Wr-${code}`][n % 3];
}

/** An OFX of `lines` lines: 40% by reference, 30% by name and amount, 20% matching nothing, 10% debits. */
export function statementOf(toPay, lines) {
  const today = new Date();
  const dateOf = (n) => new Date(today.getTime() - (1 + (n % 28)) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const byRef = Math.round(lines * 0.4);
  const byName = Math.round(lines * 0.3);
  const nothing = Math.round(lines * 0.2);
  const trns = [];
  for (let i = 0; i < lines; i++) {
    const b = toPay[i % toPay.length];
    let amount;
    let name;
    if (i < byRef) [amount, name] = [i % 4 === 0 ? Math.max(1, b.balance - 1000) : b.balance, `CASH DEPOSIT ${scribble(b.reference, i)}`];
    else if (i < byRef + byName) [amount, name] = [b.balance, `TRANSFER FROM ${b.name.toUpperCase()}`];
    else if (i < byRef + byName + nothing) [amount, name] = [1000 + (i % 9000), `ATM DEPOSIT ${i}`];
    else [amount, name] = [-(100 + (i % 5000)), `POS PURCHASE ${i}`];
    trns.push(
      `<STMTTRN>\n<TRNTYPE>${amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${dateOf(i)}120000\n<TRNAMT>${amount}.00\n<FITID>BENCH${i}\n<NAME>${name}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>JMD\n<BANKTRANLIST>\n${trns.join('\n')}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

/** The company's bank account, which statements are uploaded for (as the owner). */
export async function saveBenchAccount(base, token) {
  const bank = { bankName: 'NCB', accountHolderName: 'Bench Rentals Ltd', branch: 'Portmore', accountNumber: BENCH_ACCOUNT, accountType: 'Chequing' };
  const saved = await fetch(`${base}/api/owner/bank-details`, {
    method: 'PUT',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(bank),
  });
  if (!saved.ok) throw new Error(`Bank details: ${saved.status} ${await saved.text()}`);
}

/** The statement uploaded for the account saveBenchAccount saved: the answer and its Server-Timing header. */
export async function uploadStatement(base, token, ofx) {
  const form = new FormData();
  form.append('bankAccount', BENCH_ACCOUNT);
  form.append('file', new Blob([ofx], { type: 'application/x-ofx' }), 'bench.ofx');
  const res = await fetch(`${base}/api/owner/statements`, { method: 'POST', headers: { authorization: token }, body: form });
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`Upload: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return { answer, serverTiming: res.headers.get('server-timing') ?? '' };
}
