/** The day's cash-up (docs/decisions/114). Its face: no other feature needs it; app.ts registers its routes. */
export { default as cashUpRoutes } from './routes';
