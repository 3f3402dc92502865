import { describe, expect, it } from 'vitest';
import { currentMenuItem, mayOpenPage, menuFor, STAFF_MENU } from './staffMenu';

describe('the side menu’s current item', () => {
  it('is the page’s own item', () => {
    expect(currentMenuItem('/owner')).toBe('/owner');
    expect(currentMenuItem('/owner/')).toBe('/owner');
    expect(currentMenuItem('/owner/add-car')).toBe('/owner/add-car');
    expect(currentMenuItem('/owner/manage-cars')).toBe('/owner/manage-cars');
    expect(currentMenuItem('/owner/manage-bookings/')).toBe('/owner/manage-bookings');
    // A booking's own page belongs to Manage Bookings; the new booking page to no item.
    expect(currentMenuItem('/owner/bookings/0b7c9e4a-1111-4222-8333-944445555666')).toBe('/owner/manage-bookings');
    expect(currentMenuItem('/owner/bookings/new')).toBeUndefined();
    expect(currentMenuItem('/owner/activity')).toBe('/owner/activity');
    expect(currentMenuItem('/owner/vetting')).toBe('/owner/vetting');
    expect(currentMenuItem('/owner/prices')).toBe('/owner/prices');
    expect(currentMenuItem('/owner/payments')).toBe('/owner/payments');
    expect(currentMenuItem('/owner/desk')).toBe('/owner/desk');
  });

  it('is the desk while a booking is checked out or in', () => {
    expect(currentMenuItem('/owner/desk/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77/check-out')).toBe('/owner/desk');
    expect(currentMenuItem('/owner/desk/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77/check-in')).toBe('/owner/desk');
  });

  it('is Manage Cars while a car is edited, not Add car', () => {
    expect(currentMenuItem('/owner/add-car/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77')).toBe('/owner/manage-cars');
    expect(currentMenuItem('/owner/add-car/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77/')).toBe('/owner/manage-cars');
  });

  it('is none for a page outside the menu; the dashboard does not claim the whole area', () => {
    expect(currentMenuItem('/owner/nowhere')).toBeUndefined();
    expect(currentMenuItem('/cars')).toBeUndefined();
  });
});

describe('what each staff role sees', () => {
  const labels = (role: Parameters<typeof menuFor>[0]) => menuFor(role).map((item) => item.label);

  it('an owner sees every page, bank details included', () => {
    expect(labels('owner')).toEqual(STAFF_MENU.map((item) => item.label));
  });

  it('a manager sees everything but bank details', () => {
    expect(labels('manager')).not.toContain('Bank Details');
    expect(labels('manager')).not.toContain('Staff');
    expect(labels('manager')).toEqual(expect.arrayContaining(['Prices and extras', 'Company Settings', 'History', 'Add car', 'GCT and the books']));
  });

  it('a counter agent sees the desk, bookings, cars, driver checks and the timeline, not prices, settings, bank details or history', () => {
    expect(labels('agent')).toEqual(expect.arrayContaining(['Desk', 'Manage Bookings', 'Manage Cars', 'Driver checks', 'Timeline']));
    for (const hidden of ['Prices and extras', 'Company Settings', 'Bank Details', 'Staff', 'History', 'Add car', 'GCT and the books'])
      expect(labels('agent')).not.toContain(hidden);
  });

  it('a page opens for a role when its menu item does; pages under an item follow it', () => {
    expect(mayOpenPage('agent', '/owner/desk/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77/check-in')).toBe(true);
    expect(mayOpenPage('agent', '/owner/prices')).toBe(false);
    expect(mayOpenPage('agent', '/owner/add-car/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77')).toBe(false);
    expect(mayOpenPage('manager', '/owner/add-car/0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77')).toBe(true);
    expect(mayOpenPage('manager', '/owner/bank-details/')).toBe(false);
    expect(mayOpenPage('owner', '/owner/bank-details')).toBe(true);
    // A page no item holds is any staff member's.
    expect(mayOpenPage('agent', '/owner/bookings/new')).toBe(true);
  });
});
