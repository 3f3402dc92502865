import { describe, expect, it } from 'vitest';
import { currentMenuItem } from './ownerMenu';

describe('the side menu’s current item', () => {
  it('is the page’s own item', () => {
    expect(currentMenuItem('/owner')).toBe('/owner');
    expect(currentMenuItem('/owner/')).toBe('/owner');
    expect(currentMenuItem('/owner/add-car')).toBe('/owner/add-car');
    expect(currentMenuItem('/owner/manage-cars')).toBe('/owner/manage-cars');
    expect(currentMenuItem('/owner/manage-bookings/')).toBe('/owner/manage-bookings');
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
