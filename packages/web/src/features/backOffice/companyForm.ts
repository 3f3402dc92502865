/** The company settings form: what it holds, what makes it valid (the server's schema), what it sends. */
import type { CompanyFacts } from '@rental/contract/company';
import { type CompanySettings, companySettings } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from './formErrors';

export type CompanyFormValues = { [K in keyof CompanyFacts]: string };
export type CompanyFormErrors = Partial<Record<keyof CompanyFacts, string>>;

export const COMPANY_FIELDS: { field: keyof CompanyFacts; label: string; hint?: string; multiline?: boolean; numeric?: boolean; optional?: boolean }[] = [
  { field: 'name', label: 'Company name' },
  { field: 'phone', label: 'Phone' },
  { field: 'email', label: 'E-mail' },
  { field: 'address', label: 'Address' },
  { field: 'openingHours', label: 'Opening hours', hint: 'As customers should read them, e.g. Mon–Sat 8:00–18:00.' },
  { field: 'chatUrl', label: 'WhatsApp chat link', hint: 'Opened by "Chat with us", e.g. https://wa.me/18765550142.' },
  { field: 'mapUrl', label: 'Map link', hint: 'The map shown on the About page: a Google Maps or OpenStreetMap embed link.' },
  { field: 'locations', label: 'Pickup locations', hint: 'One per line. Every car stands at one of them.', multiline: true },
  { field: 'securityDeposit', label: 'Security deposit', hint: 'Whole amount in the currency below.', numeric: true },
  { field: 'currency', label: 'Currency', hint: 'Its three-letter code, shown beside every price (JMD).' },
  { field: 'minDriverAge', label: 'Youngest driver age', hint: 'In years, on the pickup day: the customer and every other driver they name. 18 to 99.', numeric: true },
  {
    field: 'minLicenceYears',
    label: 'Years a licence must be held',
    hint: 'Whole years since the licence was issued, on the pickup day. 0 to 20 (0: any valid licence).',
    numeric: true,
  },
  {
    field: 'gctPercent',
    label: 'GCT',
    hint: 'In percent, added to every price customers are quoted (staff enter prices before GCT): 15, or 0 when the company charges none. At most two decimals.',
  },
  {
    field: 'trn',
    label: 'TRN',
    hint: 'The company’s Taxpayer Registration Number, nine digits such as 123-456-789, printed on quotes and receipts. Leave it empty until you have it.',
    optional: true,
  },
];

const LABELS = Object.fromEntries(COMPANY_FIELDS.map(({ field, label }) => [field, { label }])) as Record<keyof CompanyFacts, FieldLabel>;

export function companyFormFromFacts(company: CompanyFacts): CompanyFormValues {
  return {
    ...company,
    locations: company.locations.join('\n'),
    securityDeposit: String(company.securityDeposit),
    minDriverAge: String(company.minDriverAge),
    minLicenceYears: String(company.minLicenceYears),
    gctPercent: String(company.gctPercent),
  };
}

function locationsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

function inputOf(values: CompanyFormValues) {
  return { ...values, locations: locationsOf(values.locations) };
}

export function validateCompanyForm(values: CompanyFormValues): CompanyFormErrors {
  return formErrors(companySettings, values, LABELS, inputOf(values));
}

/** What the server is sent: the schema's own reading of the form (trimmed, numbers as numbers). */
export function companyFromForm(values: CompanyFormValues): CompanySettings {
  return companySettings.parse(inputOf(values));
}
