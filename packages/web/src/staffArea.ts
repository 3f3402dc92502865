/**
 * The staff area's code, one small chunk away from the entry script. Vite writes into the module
 * that holds a dynamic import the list of every chunk the imported one needs, so that the browser
 * fetches them all at once: for the staff routes that is some fifty file names, 0.9 KB gzip of the
 * entry script that every public page downloads first. Here, that list is fetched by staff only,
 * for one more small request on the way to /owner.
 */
export const loadStaffRoutes = () => import('./features/backOffice/StaffRoutes');
