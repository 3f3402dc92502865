/** Services that fall due (docs/decisions/117). Its face: no other feature needs it; app.ts registers its routes. */
export { default as maintenanceRoutes } from './routes';
