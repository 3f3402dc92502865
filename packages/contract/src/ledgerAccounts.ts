/**
 * The company's ledger accounts and their shipped names: the company's facts hold them (company.ts),
 * so they load with every public page's entry script, apart from the books' rules and words (books.ts).
 */
/** The company's accounts, as the journal names them (company settings; the defaults below until saved). */
export const LEDGER_ACCOUNTS = [
  'accountRentalIncome',
  'accountExtrasIncome',
  'accountGctPayable',
  'accountDepositsHeld',
  'accountCustomerBalances',
  'accountBank',
  'accountCash',
  'accountCardClearing',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const DEFAULT_LEDGER_ACCOUNTS: Record<LedgerAccount, string> = {
  accountRentalIncome: 'Rental Income',
  accountExtrasIncome: 'Extras Income',
  accountGctPayable: 'GCT Payable',
  accountDepositsHeld: 'Customer Deposits Held',
  // Not QuickBooks' own "Accounts Receivable": its journal import asks a customer name on every A/R line.
  accountCustomerBalances: 'Rental Customer Balances',
  accountBank: 'Bank',
  accountCash: 'Cash on Hand',
  accountCardClearing: 'Card Clearing',
};
