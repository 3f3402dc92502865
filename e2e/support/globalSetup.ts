/**
 * Arranges the shared data once, through the API, against the server that e2e/run.mjs started.
 * Journeys read it with inject('seed').
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_COMPANY } from '@rental/contract/company';
import { addDays, companyToday } from '@rental/contract/rentalDates';
import type { TestProject } from 'vitest/node';
import { apiClient, typedApi } from './api';
import type { Car } from './contractTypes';
import { pngFile } from './png';
import { SEED_FLEET, type Seed, type SeedCarKey } from './seed';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\`, which starts the server.`);
  return value;
}

export default async function setup(project: TestProject) {
  const baseUrl = required('E2E_BASE_URL').replace(/\/$/, '');
  const resultsDir = process.env.E2E_RESULTS_DIR ?? path.resolve('e2e-results', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(resultsDir, { recursive: true });
  // Unique per run, so the journeys can also run twice against one long-lived server.
  const runId = Date.now().toString(36);
  const api = apiClient(baseUrl);

  const ownerEmail = required('E2E_OWNER_EMAIL');
  const ownerPassword = required('E2E_OWNER_PASSWORD');
  const ownerToken = await api.login(ownerEmail, ownerPassword);
  const ownerUser = await api.userData(ownerToken);

  const customer = { name: 'Marcia Brown', email: `marcia.${runId}@example.com`, password: 'Marcia-pass-42' };
  const customerToken = await api.register(customer.name, customer.email, customer.password, '876 555 0120');

  const cars = {} as Record<SeedCarKey, Car>;
  for (const [key, { fields, colour }] of Object.entries(SEED_FLEET) as [SeedCarKey, (typeof SEED_FLEET)[SeedCarKey]][]) {
    cars[key] = await api.addCar(ownerToken, fields, pngFile(`${key}.png`, colour));
  }

  const bankDetails = {
    bankName: 'National Commercial Bank',
    accountHolderName: 'Waterford Car Rental Ltd',
    branch: 'Portmore Pines',
    accountNumber: '404-118-2207',
    accountType: 'Chequing',
  } as const;
  await api.setBankDetails(ownerToken, bankDetails);
  // The owner saves the company's facts (the shipped ones, contacts typed in: the answer leaves the
  // placeholders out), as a running site's owner has: until then its pages say the company is
  // setting up instead of showing a phone or e-mail.
  const { company } = await typedApi(baseUrl).call('company');
  const contacts = { phone: DEFAULT_COMPANY.phone, email: DEFAULT_COMPANY.email, chatUrl: DEFAULT_COMPANY.chatUrl };
  await typedApi(baseUrl, ownerToken).call('updateCompany', { body: { ...company, ...contacts } });

  const today = companyToday();
  const dates = { carKey: 'mx5' as const, pickupDate: addDays(today, 20), returnDate: addDays(today, 22) };
  const { reference } = await api.createBooking(customerToken, {
    car: cars.mx5._id,
    pickupDate: dates.pickupDate,
    returnDate: dates.returnDate,
    paymentMethod: 'upfront',
  });
  const reservation = { ...dates, reference };

  const seed: Seed = {
    baseUrl,
    runId,
    resultsDir,
    owner: { name: ownerUser.name, email: ownerEmail, password: ownerPassword, token: ownerToken },
    customer: { ...customer, token: customerToken },
    cars,
    reservation,
    bankDetails,
  };
  project.provide('seed', seed);
}
