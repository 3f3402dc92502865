export * from './constants';
export * from './messages';
export * from './company';
export * from './rentalDates';
export * from './format';
export * from './schemas';
export * from './api';
