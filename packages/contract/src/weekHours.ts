/**
 * The company's opening hours as a week, and the shipped ones: the company's facts hold them
 * (company.ts), so they load with every public page's entry script, apart from online check-in's
 * rules and words (onlineCheckIn.ts).
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_WORDS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** One day's hours, "08:00" to "18:00" (24-hour clock, Jamaica time); null: closed that day. */
export interface DayHours {
  opens: string;
  closes: string;
}
export type WeekHours = Record<Weekday, DayHours | null>;

/** Until an owner sets them: the shipped opening hours' words (Mon–Sat 8:00–18:00, Sun 9:00–14:00) as a week. */
export const DEFAULT_WEEK_HOURS: WeekHours = {
  monday: { opens: '08:00', closes: '18:00' },
  tuesday: { opens: '08:00', closes: '18:00' },
  wednesday: { opens: '08:00', closes: '18:00' },
  thursday: { opens: '08:00', closes: '18:00' },
  friday: { opens: '08:00', closes: '18:00' },
  saturday: { opens: '08:00', closes: '18:00' },
  sunday: { opens: '09:00', closes: '14:00' },
};

/** Hours before pickup online check-in opens, until the company sets its own (onlineCheckInHours). */
export const DEFAULT_ONLINE_CHECK_IN_HOURS = 72;
